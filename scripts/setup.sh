#!/usr/bin/env bash
# Install the build's Debian packages (Debian 12), configure and build ibvcert.
# Usage: scripts/setup.sh [BUILD_DIR]   (default: build)
# IBVCERT_WERROR=ON: warnings are errors (CI sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}

packages=(
  build-essential cmake ninja-build pkg-config
  libibverbs-dev librdmacm-dev ibverbs-providers rdma-core
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libpugixml-dev libfmt-dev
  clang-14 libclang-rt-14-dev llvm-14 zip  # fuzz/: libFuzzer, llvm-cov, seed corpus zips
  chromium  # the HTML report test renders the report in headless Chromium
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# the QEMU lab that runs the suite against rxe0 and siw0 (see lab/README.md)
lab/ci

cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DIBVCERT_WERROR="${IBVCERT_WERROR:-OFF}" >/dev/null
cmake --build "$build_dir"
