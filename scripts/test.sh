#!/usr/bin/env bash
# Set up, build and run every test: the unit, conformance, property, report,
# package and lab tests (ctest), the fuzzers' CI share (fuzz/ci: clang build
# of every target, warnings as errors there and in the GCC build, corpus
# and regression replay, bounded runs, fault knobs, OSS-Fuzz build check),
# and the self-test matrix of every fault knob across clauses, properties
# and fuzz targets (5 runs of the suite per knob).
set -euo pipefail
cd "$(dirname "$0")/.."
IBVCERT_WERROR=ON scripts/setup.sh build
ctest --test-dir build --output-on-failure -j2
fuzz/ci build-fuzz
# every fault knob must fail the whole run (exit 1, by a MUST failure, a
# crash or a hang, no FLAKY case) in each of 5 runs with their own seeds
build/ibvcert selftest --repeat 5 --fuzzers build-fuzz/fuzz
