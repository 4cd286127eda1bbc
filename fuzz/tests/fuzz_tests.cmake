# The fuzz targets' tests, all labelled "fuzz" (fuzz/ci runs them):
#   replay     every committed seed and crash-regression input passes
#   run        each target fuzzes for a bounded time without a finding
#   knob       each fault knob of emu0 makes each target report the matching
#              oracle violation within a bounded number of runs
#   knob_replay  and its regression input reports it at once
#   diff       differential mode: emu0 agrees with itself, and a faulty emu0
#              with a sound one does not
#   print      the decoded input is printed in the evidence format
#   bad_input  unknown device, knob or flag: a clear message, exit status 2
#   oss_fuzz   .clusterfuzzlite/build.sh under the OSS-Fuzz variables
set(run_sh ${CMAKE_CURRENT_SOURCE_DIR}/tests/run.sh)
set(corpus ${CMAKE_CURRENT_SOURCE_DIR}/corpus)
set(regressions ${CMAKE_CURRENT_SOURCE_DIR}/regressions)
set(artifacts ${CMAKE_CURRENT_BINARY_DIR}/test-artifacts)
set(IBVCERT_FUZZ_TEST_SECONDS 20 CACHE STRING "How long each target fuzzes in the fuzz.run tests")
set(IBVCERT_FUZZ_KNOB_RUNS 100000 CACHE STRING "Runs within which a fault knob must be reported")

function(fuzz_test name)
  add_test(NAME fuzz.${name} COMMAND ${ARGN})
  set_tests_properties(fuzz.${name} PROPERTIES LABELS fuzz)
endfunction()

# What each fault knob of emu0 must make the targets report
# (fixtures/emu/emu_faults.h): an oracle clause, or a sanitizer's or
# libFuzzer's error. The QP verbs' knobs hold for the QP targets; a target of
# another verb family lists its own in <target>_knob_reports, and names in
# <target>_diff_knob the knob its diff.disagree test puts on the second emu0.
set(knob_reports
  "partial-apply=clause:modify_qp.unchanged"
  "accept-missing-required=clause:modify_qp.model.accepted:modify_qp.transition.required"
  "accept-invalid-transition=clause:modify_qp.model.accepted:modify_qp.transition.listed"
  "accept-foreign-attr=clause:modify_qp.model.accepted:modify_qp.transition.allowed"
  "table-unchecked-without-state=clause:modify_qp.model.accepted:modify_qp.transition.(allowed|listed)"
  "values-unchecked-without-state=clause:modify_qp.model.accepted:modify_qp[.][a-z_.]+[.](range|known|enum|current)"
  "accept-out-of-range=clause:modify_qp.model.accepted:modify_qp[.][a-z_.]+[.](range|known|enum|current)"
  "stale-state-field=clause:modify_qp.state-field"
  "leak-on-destroy=clause:input.leak"
  "crash-in-modify=error:AddressSanitizer: SEGV"
  "hang-in-modify=error:libFuzzer: timeout"
)
# The SRQ: a resize rejected below the outstanding WRs drops some, which no
# query shows: the model's count of them makes the next post or resize
# disagree (a post the model holds full succeeds, or fails at a later WR; a
# resize below the model's count succeeds). srq_limit armed by
# ibv_create_srq shows in ibv_query_srq right after it.
set(srq_knob_reports
  "srq-resize-drops-wrs=clause:((post_srq_recv.model.accepted|post_srq_recv.bad-wr):srq.post_srq_recv.max_wr_outstanding|modify_srq.model.accepted:srq.max_wr.not_below_outstanding)"
)
# srq_limit armed by ibv_create_srq: on a lone SRQ no row judges what its
# query reads (ibv_query_srq(3) gives only "0: not armed"); a second SRQ
# reads otherwise than the first (srq.lifecycle.new_srq_not_armed), or an
# event comes from the create's limit (srq.create.srq_limit_arms_nothing):
# the sequence target's.
set(modify_srq_knob_reports ${srq_knob_reports})
set(modify_srq_diff_knob srq-resize-drops-wrs)
# A QP's QoS: rate_limit outside packet_pacing_caps on a QP the table lets
# pace, and an ECE comp_mask bit, both accepted.
set(qp_qos_knob_reports
  "rate-limit-out-of-range=clause:modify_qp_rate_limit.model.accepted:modify_qp.rate_limit.range"
  "comp-mask-ignored=clause:set_ece.model.accepted:ece.comp_mask.zero"
  "ece-query-returns-request=clause:set_ece.judged:ece.(options.accepted_subset_in_every_state|query.returns_what_set_accepted)"
  "ece-checked-only-in-reset=clause:set_ece.model.accepted:ece.comp_mask.zero"
  "rate-limit-state-unchecked=clause:modify_qp_rate_limit.model.accepted:modify_qp.transition.allowed"
)
# The QP target: the QP verbs' knobs and a removed pacing kept.
set(modify_qp_knob_reports ${knob_reports}
  "rate-limit-zero-kept=clause:modify_qp.rate-limit"
)
set(qp_qos_diff_knob comp-mask-ignored)
# The scheduling tree: a root given a non-zero bw_share, and a comp_mask
# bit, accepted by a create or a modify.
set(sched_knob_reports
  "sched-root-bw-share=clause:sched_(create|modify).model.accepted:sched.bw_share.root_zero"
  "comp-mask-ignored=clause:sched_(create|modify).model.accepted:sched.comp_mask.zero"
)
set(sched_diff_knob sched-root-bw-share)
# The sequence target draws on every verb family: every knob above.
set(sequence_knob_reports ${knob_reports} ${srq_knob_reports}
  "rate-limit-out-of-range=clause:modify_qp_rate_limit.model.accepted:modify_qp.rate_limit.range"
  "comp-mask-ignored=clause:(set_ece.model.accepted:ece|sched_(create|modify).model.accepted:sched).comp_mask.zero"
  "sched-root-bw-share=clause:sched_(create|modify).model.accepted:sched.bw_share.root_zero"
  "cq-moderation-out-of-range=clause:modify_cq.model.accepted:modify_cq.cq_(count|period).range"
  "cq-moderation-partial-apply=clause:modify_cq.effect:modify_cq.rejected.changes_nothing"
  # The traffic rows (op_traffic.cpp): what only the rate a QP or a leaf
  # sends at shows.
  "pacer-ignores-burst=clause:paced_send:rate_limit.pacing.max_send_rate"
  "pacing-survives-reset=clause:paced_send:modify_qp.reset.reported_pacing_in_effect"
  "sched-shares-ignored=clause:sched_send.shares"
  "sched-modify-not-applied=clause:sched_send.shares"
  "sched-recreate-keeps-cap=clause:sched_send.shares"
  # Siblings that all have no bw_share weigh the same, whatever the default.
  "sched-zero-share-not-default=clause:sched_send.shares"
  # The sched row's own QPs: read before any attach, attached, detached
  # (judge_sched_call).
  "sched-detach-refused=clause:sched_send.attach:sched.qp_attach.attach_and_detach"
  "sched-qp-starts-attached=clause:sched_send.attach:sched.qp_attach.default_unassociated"
  # A completion that keeps only the low 32 bits of its WR's wr_id: the
  # pairs' wr_ids use all 64 (the lane's pair, the suites' rig).
  "wr-id-low-32-bits=clause:[a-z_]+:(post_send|post_recv|poll_cq)[.][a-z_.]+"
  # ibv_resize_cq on a CQ holding completions (op_resize_cq.cpp).
  "resize-cq-drops-completions=clause:resize_cq:resize_cq.unpolled.kept"
  # The SRQ's limit event and srq_limit over its life (judge_srq_history,
  # the events read by get_async_event), a new SRQ against the first.
  "srq-limit-armed-at-create=clause:(create_srq.srq-state:srq.lifecycle.new_srq_not_armed|[a-z_]+.srq-history:srq.create.srq_limit_arms_nothing)"
  "srq-limit-at-equal=clause:[a-z_]+.srq-history:srq.limit_event.(once_below_the_limit|armed_across_resize)"
  "srq-limit-refires=clause:[a-z_]+.srq-history:srq.limit_event.once_below_the_limit"
  "srq-limit-not-disarmed=clause:[a-z_]+.srq-history:srq.limit_event.once_below_the_limit"
  "srq-resize-disarms=clause:[a-z_]+.srq-history:srq.limit_event.(armed_across_resize|once_below_the_limit)"
  "srq-limit-kept-across-srqs=clause:create_srq.srq-state:srq.lifecycle.new_srq_not_armed"
  # What a call did beyond its object, its result, a new object's start.
  "cross-object-interference=clause:modify_qp.isolation"
  "rejection-as-negative-errno=clause:modify_qp.return"
  "ece-kept-across-qps=clause:create_qp.ece:ece.lifecycle.new_qp_starts_from_the_default"
  "cq-moderation-kept-across-cqs=clause:connect_pair.cq-moderation:modify_cq.lifecycle.new_cq_starts_unmoderated"
  # The scheduling calls (judge_sched_call, the model's verdicts).
  "sched-flagless-applied=clause:sched_(create|modify).sched-call:sched.field_without_flag.ignored"
  "sched-root-modify-refused=clause:sched_modify.model.rejected-valid"
  # Completion events (op_cq_notify.cpp, and the channels row's rig since
  # 2026-11-27, which reaches most of them first; judge_cq_notify).
  "notify-arm-ignored=clause:(cq_notify|channels):req_notify_cq.(any_cqe|arms)"
  "notify-send-cqe-ignored=clause:(cq_notify|channels):req_notify_cq.any_cqe"
  "notify-error-not-solicited=clause:(cq_notify|channels):req_notify_cq.solicited_only.solicited_event"
  "notify-not-one-shot=clause:(cq_notify|channels):(get_cq_event.one_per_armed_completion|req_notify_cq.one_shot)"
  "notify-event-at-arm=clause:(cq_notify|channels):(get_cq_event.one_per_armed_completion|req_notify_cq.one_shot)"
  "cq-event-wrong-context=clause:(cq_notify|channels):get_cq_event.names_the_cq"
  "req-notify-returns-minus-one=clause:(cq_notify|channels):req_notify_cq.return.zero_or_errno"
  "get-cq-event-returns-errno=clause:(cq_notify|channels):get_cq_event.return.zero_or_minus_one"
  # SENDs completing on another QP's CQ: the resize row's own CQ misses them,
  # and the overrun row's own CQ does not overrun (no CQ_ERR).
  "send-wc-on-first-qps-cq=clause:(resize_cq:resize_cq[.][a-z_.]+|async_events:async_event.cq_err.raised_on_overrun|flush:poll_cq.wc[.][a-z_.]+)"
  # The QP and CQ events (op_async_event.cpp: the lane's whole view to
  # judge_async_events; op_cq_overrun.cpp overruns a CQ of its own).
  "async-event-returns-one=clause:async_events:async_event.return.zero_or_minus_one"
  "async-event-names-other-qp=clause:async_events:async_event[.][a-z_.]+"
  "comm-est-on-rts=clause:async_events:async_event.comm_est.of_arrival_in_rtr"
  "last-wqe-without-srq=clause:async_events:async_event.last_wqe_reached.of_srq_qp_in_err"
  "access-err-on-requester=clause:async_events:async_event.qp_access_err.of_access_violation"
  "qp-fatal-without-err=clause:async_events:async_event.qp_fatal.qp_in_err"
  "cq-err-not-raised=clause:async_events:async_event.cq_err.raised_on_overrun"
  # emu0's knob keeps the CQ going and raises no QP_FATAL: either is met first.
  "cq-usable-after-overrun=clause:async_events:async_event[.](cq_err.cq_unusable|qp_fatal.raised_on_lost_completion)"
  # The lifecycle calls the rows make (op_create_qp.cpp: judge_create_qp;
  # op_mr.cpp: judge_reg_mr; own_objects.cpp: the CQ rows' ibv_create_cq,
  # the overrun row's ibv_destroy_cq and ibv_dealloc_pd with its QP alive,
  # the notify row's ibv_destroy_comp_channel with its CQ alive).
  "create-qp-caps-unchecked=clause:create_qp:create_qp.cap.max_[a-z_]+.range"
  "create-qp-inline-not-reported=clause:create_qp:create_qp.cap.at_least_the_request"
  "create-cq-rounds-down=clause:create_cq:create_cq.cqe.at_least_the_request"
  "destroy-cq-in-use=clause:ibv_destroy_cq:destroy_cq.busy_while_qp_attached"
  "destroy-cq-negative-errno=clause:ibv_destroy_cq:destroy_cq.return.zero_or_errno"
  "dealloc-pd-in-use=clause:ibv_dealloc_pd:dealloc_pd.busy_while_in_use"
  "destroy-channel-in-use=clause:ibv_destroy_comp_channel:destroy_comp_channel.busy_while_cq_attached"
  "reg-mr-reports-page-span=clause:reg_mr:reg_mr.addr_length.reported"
  "reg-mr-unknown-access=clause:reg_mr:reg_mr.access.known"
  # The port's verbs and the address handle (op_port_ah.cpp).
  "create-ah-any-port=clause:create_ah:create_ah.port_num.range"
  "query-gid-beyond-table=clause:query_gid:query_gid.index.range"
  # An SGE past its MR gathered anyway (the keys row; before it, ASan's
  # heap-buffer-overflow as the lane's pair read past the harness's buffer);
  # an MR without local write refused as a source (the keys row; before
  # it, a RAW_PACKET QP in ERR where the model holds it in RTS).
  "lkey-range-unchecked=clause:keys:post_(send|recv).sge.lkey_checked"
  "local-read-needs-flag=clause:(keys:[a-z_.]+|[a-z_]+[.]state)"
  # The system the device is listed in (op_device_list.cpp: the list, a
  # context opened, used and closed; contracts/device_list_judge.h).
  "device-list-repeats-device=clause:device_list:get_device_list.array.lists_available"
  "device-list-misses-device=clause:device_list:get_device_list.array.lists_(available|every_exposed)"
  "device-list-counts-terminator=clause:device_list:get_device_list.num_devices.entries_in_the_array"
  "device-list-null-without-errno=clause:device_list:get_device_list.return.array_or_null_with_errno"
  "device-list-empty-is-null=clause:device_list:get_device_list.no_devices.empty_array"
  "open-device-context-unusable=clause:device_list:open_device.return.context_of_the_device"
  "close-device-returns-one=clause:device_list:close_device.return.zero_or_minus_one"
  # Found within 30 s once the rows had more seeds (2026-11-27 survey).
  "notify-solicited-as-any=clause:(cq_notify|channels):req_notify_cq.solicited_only.unsolicited_quiet"
  "accept-qp-cap=clause:modify_qp.model.accepted:modify_qp.(transition.allowed|cap.feature)"
  # An accepted modify's unmasked fields, before and after (op_modify_qp.cpp).
  "modify-touches-unmasked=clause:modify_qp.unmasked:modify_qp.unmasked.unchanged"
  # Pairs of the op's own, as the suites drive them (op_exchange.cpp,
  # op_keys.cpp: the datapath's judges on every completion field and byte).
  # A breach in a list with a WR of send_flags outside where they are valid
  # is named by that WR's row (post_send.send_flags.*, the breach itself
  # after it as "[as ...]"): the seeds with FENCE, SOLICITED or an unlisted
  # bit reach a knob that way first.
  "cas-always-swaps=clause:exchange:post_send.(atomic.operands|send_flags.[a-z_]+)"
  "gather-first-sge-only=clause:exchange:(poll_cq.wc.byte_len|post_send.sge.message_arrives|post_send.send_flags.[a-z_]+)"
  "inline-checks-lkey=clause:exchange:(poll_cq.wc.status_success_on_valid_work|post_send.send_flags.[a-z_]+)"
  "recv-newest-first=clause:exchange:(post_recv.list.in_order|post_send.send_flags.[a-z_]+)"
  "ud-grh-not-written=clause:exchange:(post_recv.ud.grh_first_40_bytes|post_send.send_flags.[a-z_]+)"
  "ud-ignores-remote-qpn=clause:exchange:(post_recv.list.in_order|post_send.ud.reaches_remote_qpn|post_srq_recv.wc.names_the_wr|post_send.send_flags.[a-z_]+)"
  "ud-qkey-unchecked=clause:exchange:(post_send.ud.remote_qkey|post_send.send_flags.[a-z_]+)"
  "unknown-send-flag-runs-refused=clause:exchange:post_send.send_flags.known"
  "unsignaled-completes=clause:exchange:post_send.send_flags.signaled"
  "sq-sig-all-ignored=clause:exchange:post_send.send_flags.signaled"
  "wc-byte-len-is-room=clause:exchange:(poll_cq.wc.byte_len|post_send.send_flags.[a-z_]+)"
  "wc-flags-stray-bit=clause:exchange:(poll_cq.wc.wc_flags.known|post_send.send_flags.[a-z_]+)"
  "wc-grh-flag-missing=clause:exchange:(poll_cq.wc.grh_flag|post_send.send_flags.[a-z_]+)"
  "wc-imm-flag-missing=clause:exchange:(poll_cq.wc.imm_data|post_send.send_flags.[a-z_]+)"
  "wc-sl-zero=clause:exchange:(poll_cq.wc.sl|post_send.send_flags.[a-z_]+)"
  "wc-src-qp-own=clause:exchange:(poll_cq.wc.src_qp|post_send.send_flags.[a-z_]+)"
  "wc-write-as-send=clause:exchange:(poll_cq.wc.opcode_of_the_wr|post_send.send_flags.[a-z_]+)"
  "fence-outside-rc-drops=clause:exchange:post_send.send_flags.fence_rc_only"
  "fence-ignored=clause:fenced:post_send.send_flags.fence"
  "fenced-read-refused=clause:exchange:post_send.send_flags.(known|fence)"
  "solicited-write-consumes-recv=clause:exchange:post_send.send_flags.solicited_opcodes"
  "other-pd-keys-accepted=clause:keys:(alloc_pd.pd.isolates|post_send.sge.lkey_checked)"
  "recv-lkey-unchecked=clause:keys:(alloc_pd.pd.isolates|post_recv.sge.lkey_checked)"
  "srq-lkey-unchecked=clause:keys:post_srq_recv.sge.lkey_checked"
  "recv-truncates=clause:keys:post_recv.sge.message_fits"
  "remote-write-unchecked=clause:keys:reg_mr.access.remote_write"
  "remote-read-unchecked=clause:keys:reg_mr.access.remote_read"
  "remote-atomic-unchecked=clause:keys:reg_mr.access.remote_atomic"
  "inline-read-lands-nowhere=clause:exchange:post_send.send_flags.inline_opcodes"
  "flush-as-general-err=clause:flush:poll_cq.wc.flushed_in_err"
  "post-in-err-dropped=clause:flush:poll_cq.wc.flushed_in_err"
  "srq-qp-post-recv-accepted=clause:flush:post_recv.srq_qp.refused"
  "srq-wc-on-first-sharer=clause:routed:create_qp.recv_cq.completions_land_there"
  "srq-takes-newest=clause:routed:create_qp.srq.receives_from_the_srq"
  # The rigs' and the paced row's ibv_poll_cq results (judge_call; the
  # rigs read no further than the array they gave).
  "poll-counts-one-more=clause:poll_cq.return:poll_cq.return.at_most_num_entries"
  # ibv_create_qp with the lane's SRQ (create_qp_srq, op_create_qp.cpp).
  "create-qp-srq-any-type=clause:create_qp:create_qp.srq.rc_ud_only"
  "create-qp-srq-recv-caps-checked=clause:create_qp:create_qp.srq.recv_caps_ignored"
  # Two channels and three CQs of the op's own (channels, op_channels.cpp).
  "cq-event-on-first-channel=clause:channels:create_cq.channel.events_on_the_channel"
  "destroy-cq-ignores-acks=clause:channels:ack_cq_events.destroy_waits_for_acks"
  # ibv_create_cq on a channel with a comp_vector of each value class
  # (create_cq_vector, op_create_cq.cpp).
  "create-cq-comp-vector-unchecked=clause:create_cq:create_cq.comp_vector.range"
  # Found by their consequences: a receive completing on the send CQ is
  # missing from the receive CQ; the second PD's keys refused fail valid
  # work; an RDMA WRITE landing at its MR's start is not where the fenced
  # WR reads; QP numbers per PD collide across the two pairs' PDs.
  "recv-wc-on-send-cq=clause:(exchange:(post_recv.list.in_order|poll_cq.wc[.][a-z_.]+)|flush:poll_cq.wc.flushed_in_err)"
  "keys-of-first-pd-only=clause:(exchange:poll_cq.wc.status_success_on_valid_work|keys:[a-z_.]+)"
  "write-at-mr-start=clause:(fenced:post_send.send_flags.fence|exchange:post_send[.][a-z_.]+)"
  "qp-num-per-pd=clause:keys:(alloc_pd.pd.isolates|poll_cq.wc.status_[a-z_]+)"
)

foreach(t IN LISTS IBVCERT_FUZZ_TARGETS)
  set(bin $<TARGET_FILE:${t}_fuzzer>)
  set(seeds ${corpus}/${t})
  set(dict ${CMAKE_CURRENT_BINARY_DIR}/${t}_fuzzer.dict)
  file(MAKE_DIRECTORY ${regressions}/${t})

  fuzz_test(replay.${t} ${run_sh} -w ${artifacts}/replay.${t} -c ${seeds} -c ${regressions}/${t}
    -n "ORACLE VIOLATION|ERROR:" -- ${bin})
  fuzz_test(run.${t} ${run_sh} -w ${artifacts}/run.${t} -g "^Done"
    -- ${bin} -seed=1 -max_total_time=${IBVCERT_FUZZ_TEST_SECONDS} -dict=${dict}
       -max_len=${IBVCERT_FUZZ_MAX_LEN} -print_final_stats=1 new ${seeds})
  set_tests_properties(fuzz.run.${t} PROPERTIES TIMEOUT 300)

  if(DEFINED ${t}_knob_reports)
    set(reports ${${t}_knob_reports})
  else()
    set(reports ${knob_reports})
  endif()
  if(DEFINED ${t}_diff_knob)
    set(diff_knob ${${t}_diff_knob})
  else()
    set(diff_knob accept-out-of-range)
  endif()
  foreach(kr IN LISTS reports)
    string(REGEX MATCH "^([^=]+)=([a-z]+):(.*)$" _ ${kr})
    set(knob ${CMAKE_MATCH_1})
    if(CMAKE_MATCH_2 STREQUAL "clause")
      string(REPLACE "." "\\." clause_re ${CMAKE_MATCH_3})
      set(expect -g "ORACLE VIOLATION ${clause_re}: "
                 -g "^replay: IBVCERT_DEVICE=emu0 IBVCERT_EMU_FAULT=${knob} ")
    else()
      set(expect -g "ERROR: ${CMAKE_MATCH_3}")
    endif()
    fuzz_test(knob.${knob}.${t} ${run_sh} -w ${artifacts}/knob.${knob}.${t} -s nonzero ${expect}
      -- env IBVCERT_EMU_FAULT=${knob} ${bin} -seed=1 -runs=${IBVCERT_FUZZ_KNOB_RUNS} -timeout=5
         -dict=${dict} -max_len=${IBVCERT_FUZZ_MAX_LEN} -print_final_stats=1 new ${seeds})
    # The knob's minimised crash, kept as a regression input: on a sound emu0
    # it passes (replay.*), with the knob it is reported at once.
    set(input ${regressions}/${t}/${knob})
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${regressions}/${t})
    if(EXISTS ${input})
      fuzz_test(knob_replay.${knob}.${t} ${run_sh} -w ${artifacts}/knob_replay.${knob}.${t}
        -s nonzero ${expect} -- env IBVCERT_EMU_FAULT=${knob} ${bin} -timeout=5 ${input})
    endif()
  endforeach()

  fuzz_test(diff.agree.${t} ${run_sh} -w ${artifacts}/diff.agree.${t} -g "^Done"
    -- env IBVCERT_DEVICE2=emu0 ${bin} -seed=1 -runs=20000 -max_len=${IBVCERT_FUZZ_MAX_LEN} new ${seeds})
  fuzz_test(diff.disagree.${t} ${run_sh} -w ${artifacts}/diff.disagree.${t} -s nonzero
    -g "ORACLE VIOLATION differential\\.outcome: " -g "^device: emu0 \\(emu fault: ${diff_knob}\\)"
    -- env IBVCERT_DEVICE2=emu0 IBVCERT_EMU_FAULT2=${diff_knob} ${bin} -seed=1
       -runs=${IBVCERT_FUZZ_KNOB_RUNS} -max_len=${IBVCERT_FUZZ_MAX_LEN} new ${seeds})
endforeach()

set(mq $<TARGET_FILE:modify_qp_fuzzer>)
fuzz_test(print ${run_sh} -g "^step 1: ibv_create_qp" -g "^  device: emu0"
  -g "^  attr_mask: IBV_QP_STATE" -g "^  returned: " -g "^  model: "
  -- env IBVCERT_FUZZ_PRINT=1 ${mq} ${CMAKE_CURRENT_SOURCE_DIR}/tests/empty_input)
fuzz_test(bad_input.device ${run_sh} -s 2 -g "cannot open device 'nosuch'" -g "emu0"
  -- ${mq} --ibvcert-device=nosuch -runs=1)
fuzz_test(bad_input.device_env ${run_sh} -s 2 -g "cannot open device 'nosuch'"
  -- env IBVCERT_DEVICE=nosuch ${mq} -runs=1)
fuzz_test(bad_input.knob ${run_sh} -s 2 -g "unknown fault knob 'nope'" -g "partial-apply"
  -- env IBVCERT_EMU_FAULT=nope ${mq} -runs=1)
fuzz_test(bad_input.knob_on_real_device ${run_sh} -s 2 -g "fault knobs apply only to emu0"
  -- ${mq} --ibvcert-device=mlx5_0 --ibvcert-emu-fault=partial-apply -runs=1)
fuzz_test(bad_input.flag ${run_sh} -s 2 -g "--ibvcert-bogus" -g "--ibvcert-help"
  -- ${mq} --ibvcert-bogus=1 -runs=1)
fuzz_test(bad_input.flag_value ${run_sh} -s 2 -g "--ibvcert-device"
  -- ${mq} --ibvcert-device -runs=1)
fuzz_test(bad_input.fault2_alone ${run_sh} -s 2 -g "without a second device"
  -- env IBVCERT_EMU_FAULT2=partial-apply ${mq} -runs=1)
fuzz_test(bad_input.oom_victim ${run_sh} -s 2 -g "IBVCERT_FUZZ_OOM_VICTIM: 1 or unset, not 'yes'"
  -- env IBVCERT_FUZZ_OOM_VICTIM=yes ${mq} -runs=1)

add_test(NAME fuzz.oss_fuzz_build
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/oss_fuzz_build.sh ${CMAKE_SOURCE_DIR} ${artifacts}/oss_fuzz)
set_tests_properties(fuzz.oss_fuzz_build PROPERTIES LABELS "fuzz;oss-fuzz" TIMEOUT 1200)

# The nightly campaign script, briefly: a knob's crashes found, deduplicated
# to one clause, minimised and written up with a reproducer; bad input.
# It starts from an empty corpus (-S, in a dir emptied first) with a fixed
# seed: with the knob on, most of the 673 committed seeds crash, and
# libFuzzer's fork mode restarts its seed merge once per crashing seed and
# the campaign reproduces each crash file (~0.5 s each): 9+ minutes, past
# CI's timeout on a slower machine. From empty it takes ~20 s.
set(campaign ${CMAKE_CURRENT_SOURCE_DIR}/campaign)
fuzz_test(campaign.crashes ${run_sh} -s 1 -w ${artifacts}/campaign
  -g "^campaign: modify_qp +[0-9]+s/5s +exec/s [0-9]+ +cov"
  -g "crash file\\(s\\), 1 distinct:" -g "- ORACLE VIOLATION modify_qp\\.unchanged"
  -g "replay: IBVCERT_EMU_FAULT=partial-apply .*/modify_qp_fuzzer .*modify_qp\\.unchanged\\.input"
  -- ${campaign} -S -s 1 -T 5 -M 10 -f partial-apply -b ${CMAKE_BINARY_DIR} -o ${artifacts}/campaign/out modify_qp)
set_tests_properties(fuzz.campaign.crashes PROPERTIES TIMEOUT 300)
# A finding as a C program: the knob's regression input, traced
# (IBVCERT_FUZZ_TRACE), through `ibvcert repro --from-trace`, compiled.
foreach(pair "partial-apply=modify_qp.rejected.changes_nothing"
             "accept-missing-required=modify_qp.transition.required")
  string(REGEX MATCH "^([^=]+)=(.*)$" _ ${pair})
  fuzz_test(trace_repro.${CMAKE_MATCH_1} ${CMAKE_CURRENT_SOURCE_DIR}/tests/trace_repro.sh ${mq}
    ${CMAKE_MATCH_1} ${regressions}/modify_qp/${CMAKE_MATCH_1} $<TARGET_FILE:ibvcert>
    ${artifacts}/trace_repro.${CMAKE_MATCH_1} ${CMAKE_MATCH_2})
endforeach()
fuzz_test(campaign.bad_target ${run_sh} -s 2 -g "unknown target 'nosuch'" -g "targets: modify_qp sequence"
  -- ${campaign} -b ${CMAKE_BINARY_DIR} -o ${artifacts}/campaign-bad nosuch)
fuzz_test(campaign.bad_flag ${run_sh} -s 2 -g "usage: fuzz/campaign"
  -- ${campaign} -Z -b ${CMAKE_BINARY_DIR})
fuzz_test(campaign.bad_knob ${run_sh} -s 2 -g "unknown fault knob 'nope'"
  -- ${campaign} -f nope -b ${CMAKE_BINARY_DIR} -o ${artifacts}/campaign-bad modify_qp)
# campaign.html: a short campaign's page, rendered in headless Chromium,
# with two earlier nights for the trend; bad input to its writer.
fuzz_test(campaign.html ${CMAKE_CURRENT_SOURCE_DIR}/tests/campaign_html.sh ${campaign} ${CMAKE_BINARY_DIR}
  ${artifacts}/campaign-html ${CMAKE_CURRENT_SOURCE_DIR}/tests/campaign-nights)
set_tests_properties(fuzz.campaign.html PROPERTIES TIMEOUT 300)
fuzz_test(campaign.html_bad_dir ${run_sh} -s 2 -g "'/nonexistent' is not a campaign output directory"
  -- $<TARGET_FILE:campaign_html> /nonexistent)
fuzz_test(finds.bad_input ${run_sh} -s 2 -g "unknown fault knob 'nope'"
  -- ${CMAKE_CURRENT_SOURCE_DIR}/bench --finds -k nope -b ${CMAKE_BINARY_DIR} -o ${artifacts}/finds-bad/finds.tsv)
fuzz_test(bound_seeds.bad_input ${run_sh} -s 2 -g "usage: fuzz/bound-seeds BUILD_DIR OUT_DIR"
  -- ${CMAKE_CURRENT_SOURCE_DIR}/bound-seeds ${CMAKE_BINARY_DIR})
fuzz_test(bound_seeds.no_targets ${run_sh} -s 2 -g "no fuzz target /nonexistent/fuzz/sequence_fuzzer"
  -- ${CMAKE_CURRENT_SOURCE_DIR}/bound-seeds /nonexistent ${artifacts}/bound-seeds)
fuzz_test(oracle_off.bad_value ${run_sh} -s 2 -g "IBVCERT_FUZZ_ORACLE / --ibvcert-oracle: 'maybe' is neither on nor off"
  -- env IBVCERT_FUZZ_ORACLE=maybe ${mq} -runs=1)
# Crash-only (IBVCERT_FUZZ_ORACLE=off): a knob's regression input walks clean,
# and a crash still counts.
fuzz_test(oracle_off.walks ${run_sh} -g "Executed .* in [0-9]+ ms" -n "ORACLE VIOLATION"
  -- env IBVCERT_FUZZ_ORACLE=off IBVCERT_EMU_FAULT=partial-apply ${mq} ${regressions}/modify_qp/partial-apply)
fuzz_test(oracle_off.crash ${run_sh} -s nonzero -g "ERROR: AddressSanitizer: SEGV"
  -- env IBVCERT_FUZZ_ORACLE=off IBVCERT_EMU_FAULT=crash-in-modify ${mq} ${regressions}/modify_qp/crash-in-modify)
