#!/usr/bin/env bash
# A fuzz finding as a C program: the target replays a knob's regression
# input with IBVCERT_FUZZ_TRACE, the violation names the trace and the
# `ibvcert repro --from-trace` line, which writes a program that names the
# broken rule and compiles with cc -libverbs (emu0 is no libibverbs device:
# the programs run in the lab).
# Usage: trace_repro.sh FUZZER KNOB INPUT IBVCERT WORKDIR RULE
set -uo pipefail
[ $# -eq 6 ] || { echo "usage: trace_repro.sh FUZZER KNOB INPUT IBVCERT WORKDIR RULE" >&2; exit 2; }
fuzzer=$1 knob=$2 input=$3 ibvcert=$4 dir=$5 rule=$6
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || exit 2
[ -x "$ibvcert" ] || fail "$ibvcert is not built"
IBVCERT_EMU_FAULT=$knob IBVCERT_FUZZ_TRACE=$dir/trace.json "$fuzzer" "$input" >"$dir/fuzz.log" 2>&1 &&
  fail "the input did not trip the knob $knob: $(tail -5 "$dir/fuzz.log")"
grep -q "verb trace: $dir/trace.json (ibvcert repro --from-trace" "$dir/fuzz.log" ||
  fail "the violation does not name the trace: $(grep -A30 'ORACLE VIOLATION' "$dir/fuzz.log")"
[ -s "$dir/trace.json" ] || fail "no trace written"
"$ibvcert" repro --from-trace "$dir/trace.json" -d emu0 -o "$dir/repro.c" >"$dir/repro.log" 2>&1 ||
  fail "ibvcert repro --from-trace: $(cat "$dir/repro.log")"
grep -q "$rule" "$dir/repro.c" || fail "the program does not name $rule: $(head -30 "$dir/repro.c")"
cc -Wall -Werror -o "$dir/repro" "$dir/repro.c" -libverbs >"$dir/cc.log" 2>&1 || fail "cc: $(cat "$dir/cc.log")"
"$dir/repro" -d no_such_device0 >/dev/null 2>&1
[ $? -eq 2 ] || fail "the program without its device does not exit 2"
echo "ok: $(head -1 "$dir/repro.log")"
