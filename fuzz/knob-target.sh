# Sourced by fuzz/finds and fuzz/coverage (bash).
# The target that drives each knob's verbs: the family's own target where
# one input reaches the fault, the sequence target where it takes verbs of
# several families (a datapath that consumes SRQ WRs across an armed
# srq_limit, also after a resize; a second QP; a QP
# moved to RESET after pacing, a new QP / CQ / SRQ after one was set or
# created armed; the
# traffic rows whose rates show the pacer's and the scheduler's faults:
# paced_send, sched_send, sequence rows 23-24).
knob_target() {
  case $1 in
    partial-apply|accept-missing-required|accept-invalid-transition|accept-foreign-attr|\
    accept-out-of-range|stale-state-field|crash-in-modify|hang-in-modify|leak-on-destroy|\
    rate-limit-zero-kept)
      echo modify_qp ;;
    srq-resize-drops-wrs)
      echo modify_srq ;;
    comp-mask-ignored|rate-limit-out-of-range|ece-query-returns-request|\
    ece-checked-only-in-reset|rate-limit-state-unchecked)
      echo qp_qos ;;
    sched-root-bw-share)
      echo sched ;;
    *) echo sequence ;;
  esac
}
