#!/usr/bin/env bash
# fuzz.campaign.html: a short campaign on a fault knob writes campaign.html,
# and headless Chromium renders it: the plots (inline SVG, one series per
# target), the targets' exec/s, the finding (known: an earlier night had it)
# with its C reproducer and replay, and the trend across two earlier nights
# (fuzz/tests/campaign-nights: what stopped reproducing; two guest stops of
# one kernel oops counted as one finding by its stack, another oops apart).
# Usage: campaign_html.sh CAMPAIGN BUILD_DIR WORK_DIR NIGHTS_DIR
set -uo pipefail
campaign=$1 build=$2 work=$3 nights=$4
fail() { echo "FAIL: $*"; exit 1; }
command -v chromium >/dev/null || fail "chromium is not installed (scripts/setup.sh installs it)"
rm -rf "$work" && mkdir -p "$work"

"$campaign" -S -s 1 -T 5 -M 10 -f partial-apply -b "$build" -o "$work/out" \
  -e "$nights/night-1" -e "$nights/night-2" modify_qp >"$work/campaign.log" 2>&1
status=$?
cat "$work/campaign.log"
[ $status = 1 ] || fail "campaign exit status $status, expected 1 (a finding)"
page=$work/out/campaign.html
[ -s "$page" ] || fail "no $page"

profile=$work/chromium-profile
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --window-size=1400,900 --user-data-dir="$profile" --dump-dom "file://$page" >"$work/dom.html" 2>/dev/null
rm -rf "$profile"
[ -s "$work/dom.html" ] || fail "chromium rendered nothing"
dom=$(tr -d '\n' <"$work/dom.html" | sed 's/<tr/\n<tr/g; s/<svg/\n<svg/g; s/<h2/\n<h2/g')

expect() { # what, regex, count (default: at least 1)
  local n
  n=$(grep -cE -- "$2" <<<"$dom")
  if [ -n "${3:-}" ]; then [ "$n" = "$3" ] || fail "$1: $n lines match '$2', expected $3"
  else [ "$n" -ge 1 ] || fail "$1: nothing matches '$2'"; fi
  echo "ok: $1"
}
expect "three plots, inline SVG" '^<svg xmlns="http://www.w3.org/2000/svg"' 3
expect "the coverage plot has the target's series" '^<svg.*<title>Coverage</title>.*data-series="modify_qp"'
expect "the corpus plot has the target's series" '^<svg.*<title>Corpus size</title>.*data-series="modify_qp"'
expect "no network: nothing loaded from elsewhere" '(src|href)="https?:' 0
expect "exec/s per target" '^<tr><td>modify_qp</td><td class="num">[1-9][0-9]*</td><td class="num">[0-9]+</td><td class="num">[1-9][0-9]*</td>'
expect "the finding, once, known since night-1" \
  '^<tr class="finding"><td><span class="known">known</span><div>first seen night-1</div></td><td>modify_qp</td><td>oracle</td><td><code>ORACLE VIOLATION modify_qp.unchanged</code>' 1
expect "its C reproducer" 'class="finding".*<a href="evidence/modify_qp/ORACLE_VIOLATION_modify_qp.unchanged.repro.c">'
expect "its replay" 'class="finding".*<pre>IBVCERT_EMU_FAULT=partial-apply .*/modify_qp_fuzzer -timeout=10 .*modify_qp.unchanged.input</pre>'
expect "the trend: what stopped reproducing" 'modify_qp.state-field</code>.*<span class="gone">stopped reproducing</span>' 1
expect "the trend's summary" 'New tonight: 0\. Stopped reproducing since night-2: 1\.'
expect "two guest stops of one oops: one finding, by its stack" \
  '<code>BUG: KASAN: slab-out-of-bounds in rxe_qp_from_attr \[rdma_rxe\] @ rxe_qp_from_attr rxe_modify_qp _ib_modify_qp ib_uverbs_modify_qp ib_uverbs_write</code>' 1
expect "another oops apart" '<code>WARNING: CPU PID at drivers/infiniband/sw/rxe/rxe_comp.c:700 rxe_completer \[rdma_rxe\] @ rxe_completer do_task process_one_work</code>' 1
echo "campaign.html rendered: $page"
