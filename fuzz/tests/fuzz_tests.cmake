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

# What each fault knob of emu0 must make the targets report: the last line
# of its row in fixtures/emu/emu_fault_list.h, entries
# "TARGETS=clause:ORACLE_ID_RE" or "TARGETS=error:TEXT" separated by ";"
# (the header says so). They become <target>_knob_reports here, items
# "knob=kind:text", in the rows' order. <target>_diff_knob names the knob a
# target's diff.disagree test puts on the second emu0.
set(fault_list ${PROJECT_SOURCE_DIR}/fixtures/emu/emu_fault_list.h)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${fault_list})
# Only the rows' first and last lines: a "[" without its "]" elsewhere (a
# row's sentence) would join the lines that follow it into one list item.
file(STRINGS ${fault_list} fault_lines
  REGEX "^IBVCERT_EMU_FAULT\\(|^[ \t]+\"([a-z_,]+=(clause|error):[^\"]*)?\"\\)$")
set(knob "")
set(rows 0)
set(fuzz_lines 0)
foreach(line IN LISTS fault_lines)
  if(line MATCHES "^IBVCERT_EMU_FAULT\\([A-Za-z0-9]+, \"([a-z0-9-]+)\",")
    set(knob ${CMAKE_MATCH_1})
    math(EXPR rows "${rows} + 1")
  elseif(knob AND line MATCHES "^[ \t]+\"([^\"]*)\"\\)$")
    math(EXPR fuzz_lines "${fuzz_lines} + 1")
    # The string as a CMake list: its ";" separate the entries.
    foreach(entry IN LISTS CMAKE_MATCH_1)
      if(NOT entry MATCHES "^([a-z_,]+)=((clause|error):.+)$")
        message(FATAL_ERROR "${fault_list}: knob ${knob}: '${entry}' is not TARGETS=clause:RE or TARGETS=error:TEXT")
      endif()
      set(report "${knob}=${CMAKE_MATCH_2}")
      string(REPLACE "," ";" entry_targets ${CMAKE_MATCH_1})
      foreach(t IN LISTS entry_targets)
        if(NOT t IN_LIST IBVCERT_FUZZ_TARGETS)
          message(FATAL_ERROR "${fault_list}: knob ${knob}: no fuzz target '${t}' (${IBVCERT_FUZZ_TARGETS})")
        endif()
        list(APPEND ${t}_knob_reports "${report}")
      endforeach()
    endforeach()
    set(knob "")
  endif()
endforeach()
if(NOT rows EQUAL fuzz_lines OR rows LESS 100)
  message(FATAL_ERROR "${fault_list}: read ${rows} rows and ${fuzz_lines} fuzz report lines: each row ends with its own line \"TARGETS=kind:text;...\") (or \"\"))")
endif()
set(modify_srq_diff_knob srq-resize-drops-wrs)
set(qp_qos_diff_knob comp-mask-ignored)
set(sched_diff_knob sched-root-bw-share)

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

  set(reports ${${t}_knob_reports})
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

# A known deviation (IBVCERT_KNOWN): a violation whose rules two applying
# entries list is passed over and counted under the entry that lists most of
# them, not the first to list its first rule (harness/known.h).
fuzz_test(known.most_rules ${run_sh}
  -g "KNOWN DEVIATION .*of_access_violation: test deviations\\[1\\] \\(lists both" -n "ORACLE VIOLATION"
  -- env IBVCERT_EMU_FAULT=access-err-on-requester IBVCERT_KNOWN=${CMAKE_CURRENT_SOURCE_DIR}/tests/known/two-entries.json
  $<TARGET_FILE:sequence_fuzzer> -timeout=5 ${regressions}/sequence/access-err-on-requester)

# What a modify chose and what a QP was given are libFuzzer features
# (harness/feedback.h): each its own counter.
fuzz_test(feedback $<TARGET_FILE:fuzz_feedback_tests>)

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
