#!/usr/bin/env bash
# Runs a fuzz target (or any command) for a test and checks what it did.
# Usage: run.sh [-w DIR] [-s STATUS] [-g REGEX]... [-n REGEX]... [-c DIR]... -- COMMAND [ARG]...
#   -w DIR    run in DIR, emptied first, with an empty DIR/new for a corpus
#             the run may grow (crash files land in DIR: they are kept)
#   -s STATUS expected exit status: a number, or "nonzero" (default 0)
#   -g REGEX  the output (stdout and stderr) must match REGEX (grep -E)
#   -n REGEX  the output must not match REGEX
#   -c DIR    append every file in DIR to COMMAND (replaying a corpus)
set -uo pipefail
want=0 dir="" greps=() nots=() corpora=()
while getopts "w:s:g:n:c:" opt; do
  case $opt in
    w) dir=$OPTARG ;;
    s) want=$OPTARG ;;
    g) greps+=("$OPTARG") ;;
    n) nots+=("$OPTARG") ;;
    c) corpora+=("$OPTARG") ;;
    *) echo "run.sh: bad option (see the usage at the top of $0)" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
if [ $# -eq 0 ]; then echo "run.sh: no command" >&2; exit 2; fi
cmd=("$@")
for c in "${corpora[@]}"; do
  [ -d "$c" ] || { echo "run.sh: no such corpus dir: $c" >&2; exit 2; }
  while IFS= read -r f; do cmd+=("$f"); done < <(find "$c" -type f ! -name '.*' | sort)
done
if [ -n "$dir" ]; then rm -rf "$dir" && mkdir -p "$dir/new" && cd "$dir" || exit 2; fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
"${cmd[@]}" >"$log" 2>&1
status=$?
fail=""
if [ "$want" = nonzero ]; then
  [ "$status" -ne 0 ] || fail="exit status 0, expected non-zero"
elif [ "$status" -ne "$want" ]; then
  fail="exit status $status, expected $want"
fi
for g in "${greps[@]}"; do
  grep -Eq -- "$g" "$log" || fail+="${fail:+; }output lacks /$g/"
done
for n in "${nots[@]}"; do
  ! grep -Eq -- "$n" "$log" || fail+="${fail:+; }output has /$n/"
done
# What the target said that matters: the oracle's report, sanitizer errors, the totals.
grep -E "ORACLE VIOLATION|^level:|^clause:|^replay:|ERROR:|SUMMARY:|^Done|stat::|_fuzzer: " "$log" | head -40
if [ -n "$fail" ]; then
  echo "FAILED: $fail"
  echo "--- last lines of the output ---"
  tail -60 "$log"
  exit 1
fi
echo "ok: exit status $status"
