#!/usr/bin/env bash
# Set up, build and run every test: the unit, conformance, property, report
# and lab tests (ctest), the fuzzers' CI share (fuzz/ci: clang build, corpus
# and regression replay, bounded runs, fault knobs, OSS-Fuzz build check),
# and the self-test matrix of every fault knob across clauses, properties
# and fuzz targets.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
ctest --test-dir build --output-on-failure -j2
fuzz/ci build-fuzz
build/ibvcert selftest --fuzzers build-fuzz/fuzz
