#!/usr/bin/env bash
# scripts/fuzz.sh [LIBFUZZER ARGS...] - builds spec/fuzz/fuzz_api.c with clang's
# libFuzzer, ASan and UBSan (into build-fuzz/) and runs it over the committed
# corpus (spec/fuzz/corpus, read only: new inputs go to build-fuzz/corpus).
# Without arguments: the fixed budget scripts/test.sh runs (-runs=30000, at most
# 60 s of fuzzing after a build of about a minute), from a fixed seed, so that
# the test command explores the same inputs on every machine and what passes
# here passes in CI (a machine slower than 500 runs a second stops earlier on
# the same path). Exploring: scripts/fuzz.sh -max_total_time=3600 (a random
# seed each run); add what it finds to spec/fuzz/corpus.
# Prints "fuzz: SKIP (...)" and exits 0 when clang or libFuzzer is missing
# (scripts/setup.sh installs clang and libclang-rt-14-dev).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1

cc=${WARY_FUZZ_CC:-clang}
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "fuzz: SKIP ($cc is not installed)"
  exit 0
fi
mkdir -p build-fuzz/corpus
probe=build-fuzz/probe.c
echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }' >"$probe"
if ! "$cc" -fsanitize=fuzzer "$probe" -o build-fuzz/probe 2>/dev/null; then
  echo "fuzz: SKIP (libFuzzer's runtime is missing: apt-get install libclang-rt-14-dev)"
  exit 0
fi
flags=(-std=c11 -O1 -g -pthread -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Isrc)
if ! "$cc" "${flags[@]}" spec/fuzz/fuzz_api.c src/*.c -lm -o build-fuzz/fuzz_api; then
  echo "fuzz: FAILED (build)"
  exit 1
fi
if [ $# -eq 0 ]; then
  set -- -seed=20261201 -runs=30000 -max_total_time=60
fi
echo "fuzz: build-fuzz/fuzz_api $* build-fuzz/corpus spec/fuzz/corpus"
if ASAN_OPTIONS=detect_leaks=1 build-fuzz/fuzz_api -max_len=2048 -timeout=20 -artifact_prefix=build-fuzz/ "$@" build-fuzz/corpus spec/fuzz/corpus \
    >build-fuzz/fuzz.log 2>&1; then
  tail -n 3 build-fuzz/fuzz.log
  echo "fuzz: passed"
else
  tail -n 40 build-fuzz/fuzz.log
  echo "fuzz: FAILED (a finding: build-fuzz/fuzz.log, the input in crash-*)"
  exit 1
fi
