#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build of ibvcert's fuzz targets (fuzz/README.md).
# The engine's compile step sets CC, CXX, CFLAGS, CXXFLAGS (sanitizers and
# -fsanitize=fuzzer-no-link), LIB_FUZZING_ENGINE, SRC, WORK and OUT; this
# builds fuzz/ with them and puts each target in $OUT with its seed corpus,
# dictionary and options. fuzz/tests/oss_fuzz_build.sh checks it.
repo=${IBVCERT_SRC:-$SRC/ibvcert}
build=$WORK/ibvcert-fuzz

# The distribution's C++ libraries the fixtures link (fmt) are built against
# libstdc++: link the same one, not the libc++ OSS-Fuzz adds for C++.
CXXFLAGS=${CXXFLAGS//-stdlib=libc++/}

cmake -S "$repo" -B "$build" -G Ninja \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DIBVCERT_FUZZ=ON -DIBVCERT_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build "$build" --target fuzzers -j"${IBVCERT_BUILD_JOBS:-$(nproc)}"

for t in $(cat "$build/fuzz/targets.txt"); do
  cp "$build/fuzz/${t}_fuzzer" "$build/fuzz/${t}_fuzzer.dict" "$build/fuzz/${t}_fuzzer.options" "$OUT/"
  rm -f "$OUT/${t}_fuzzer_seed_corpus.zip"
  zip -q -j "$OUT/${t}_fuzzer_seed_corpus.zip" "$repo/fuzz/corpus/$t"/*
done
