#!/usr/bin/env bash
# Set up, build and run every test: the unit, conformance, property, report,
# package and lab tests (ctest), the fuzzers' CI share (fuzz/ci: clang build
# of every target, warnings as errors there and in the GCC build, corpus
# and regression replay, bounded runs, fault knobs, OSS-Fuzz build check),
# and the self-test matrix of every fault knob across clauses, properties
# (1 run of the suite per knob; the fuzz targets' knobs are fuzz/ci's).
set -euo pipefail
cd "$(dirname "$0")/.."
# each phase prints its wall time, so a CI log shows where the 90 minutes go
phase() { local name=$1 start=$SECONDS; shift; "$@"; echo "test.sh: $name took $((SECONDS - start)) s"; }
IBVCERT_WERROR=ON phase "setup and build" scripts/setup.sh build
# the clang build first, as fuzz/ci configures it: the lab's fuzz lanes run
# its fuzzers in the guest, and fuzz/ci then finds everything built
phase "clang build" fuzz/ci --build-only build-fuzz
# two lab guests side by side (-j2), each with one CPU (lab/CMakeLists.txt)
phase ctest ctest --test-dir build --output-on-failure -j2
phase fuzz/ci fuzz/ci build-fuzz
# every fault knob must fail the whole run (exit 1, by a MUST failure, a
# crash or a hang, no FLAKY case), here in one run with its own seed, on a
# machine the lab no longer loads (its cases have a 20 s timeout). Each knob's
# run stops at its first case that fails it (--fail-fast; the clean run runs
# whole): CI took 4912 of its 5400 s with whole runs (about 10 minutes of
# it). ctest's fault-knob tests (cli/tests/fault_knobs_test.cpp) run every
# knob against the clauses its row names (fixtures/emu/emu_fault_list.h).
# `build/ibvcert selftest --repeat 5 --fuzzers build-fuzz/fuzz` (whole runs)
# is the nightly form (README).
phase selftest build/ibvcert selftest --repeat 1 --fail-fast   # two knobs at a time on 2 cores
