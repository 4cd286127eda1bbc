#!/usr/bin/env bash
# Set up, build and run every test: the unit, conformance, property, report,
# package and lab tests (ctest), the fuzzers' CI share (fuzz/ci: clang build
# of every target, warnings as errors there and in the GCC build, corpus
# and regression replay, bounded runs, fault knobs, OSS-Fuzz build check),
# and the self-test matrix of every fault knob across clauses, properties
# and fuzz targets.
set -euo pipefail
cd "$(dirname "$0")/.."
IBVCERT_WERROR=ON scripts/setup.sh build
ctest --test-dir build --output-on-failure -j2
fuzz/ci build-fuzz
build/ibvcert selftest --fuzzers build-fuzz/fuzz
