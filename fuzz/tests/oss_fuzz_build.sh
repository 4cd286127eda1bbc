#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh the way OSS-Fuzz and ClusterFuzzLite run it
# (their compile step's variables, a copy of the source at $SRC/ibvcert as
# the Dockerfile makes it, the script at $SRC/build.sh run from there), then
# checks that every fuzz target landed in
# $OUT with its seed corpus, dictionary and options, and runs a few inputs.
# Usage: oss_fuzz_build.sh REPO_DIR WORK_DIR
set -euo pipefail
repo=$(cd "$1" && pwd)
base=$2
rm -rf "$base"
mkdir -p "$base/src" "$base/out" "$base/work"
mkdir -p "$base/src/ibvcert"
tar -C "$repo" --exclude='./build*' --exclude=./.git --exclude=./fuzz-out -cf - . | tar -C "$base/src/ibvcert" -xf -
cp "$repo/.clusterfuzzlite/build.sh" "$base/src/build.sh"

export CC=clang-14 CXX=clang++-14
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS"
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer
export SRC=$base/src OUT=$base/out WORK=$base/work
export SANITIZER=address FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64
# Keep to one compile job unless told: the machine is shared.
export IBVCERT_BUILD_JOBS=${IBVCERT_BUILD_JOBS:-2}

(cd "$SRC/ibvcert" && bash -eu "$SRC/build.sh")

targets=$(cat "$WORK/ibvcert-fuzz/fuzz/targets.txt")
[ -n "$targets" ] || { echo "FAILED: no targets listed" >&2; exit 1; }
for t in $targets; do
  for f in "${t}_fuzzer" "${t}_fuzzer.dict" "${t}_fuzzer.options" "${t}_fuzzer_seed_corpus.zip"; do
    [ -s "$OUT/$f" ] || { echo "FAILED: \$OUT/$f missing or empty" >&2; exit 1; }
  done
  [ -x "$OUT/${t}_fuzzer" ] || { echo "FAILED: \$OUT/${t}_fuzzer is not executable" >&2; exit 1; }
  seeds=$(unzip -Z1 "$OUT/${t}_fuzzer_seed_corpus.zip" | wc -l)
  mkdir -p "$WORK/run-$t"
  (cd "$WORK/run-$t" && "$OUT/${t}_fuzzer" -runs=200 -seed=1 -dict="$OUT/${t}_fuzzer.dict" "$WORK/run-$t") \
    >"$WORK/run-$t.log" 2>&1 || { echo "FAILED: ${t}_fuzzer did not run:"; tail -30 "$WORK/run-$t.log"; exit 1; }
  echo "ok: \$OUT/${t}_fuzzer ($seeds seeds in its corpus zip) ran: $(grep -m1 '^Done' "$WORK/run-$t.log")"
done
if [ -e "$OUT/empty_fuzzer" ]; then echo "FAILED: the benchmark baseline empty_fuzzer was shipped" >&2; exit 1; fi
