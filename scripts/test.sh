#!/usr/bin/env bash
# Set up, build and run every test: the unit, conformance, property, report,
# package and lab tests (ctest), the fuzzers' CI share (fuzz/ci: clang build
# of every target, warnings as errors there and in the GCC build, corpus
# and regression replay, bounded runs, fault knobs, OSS-Fuzz build check),
# and the self-test matrix of every fault knob across clauses, properties
# (2 runs of the suite per knob; the fuzz targets' knobs are fuzz/ci's).
set -euo pipefail
cd "$(dirname "$0")/.."
IBVCERT_WERROR=ON scripts/setup.sh build
ctest --test-dir build --output-on-failure -j2
fuzz/ci build-fuzz
# every fault knob must fail the whole run (exit 1, by a MUST failure, a
# crash or a hang, no FLAKY case) in each of 2 runs with their own seeds,
# on a machine the lab no longer loads (its cases have a 3 s timeout). With
# 86 knobs, 3 runs (about 21 minutes on 2 cores) no longer fit CI's 90
# minutes beside 8 lab lanes and fuzz/ci; 2 runs take about 14.
# `build/ibvcert selftest --repeat 5 --fuzzers build-fuzz/fuzz` is the
# nightly form (README).
build/ibvcert selftest --repeat 2   # two knobs at a time on 2 cores
