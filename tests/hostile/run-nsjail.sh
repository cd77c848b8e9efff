#!/usr/bin/env bash
# `pnpm test:nsjail`: the hostile suite, the verdict matrix and the nsjail driver's own tests with the nsjail driver
# (OJ_SANDBOX=nsjail), when an nsjail binary is present: OJ_NSJAIL_PATH, else the first `nsjail` on PATH. Without
# one it says so and succeeds (CI has no nsjail; `pnpm test` runs these suites with bubblewrap). Run it as root, like
# a runner, so that the slot cgroups are used.
set -uo pipefail
cd "$(dirname "$0")/../.."

if [ -n "${OJ_NSJAIL_PATH:-}" ]; then
  if [ ! -x "$OJ_NSJAIL_PATH" ]; then
    echo "test:nsjail: OJ_NSJAIL_PATH=$OJ_NSJAIL_PATH is not an executable file" >&2
    exit 1
  fi
  nsjail="$OJ_NSJAIL_PATH"
else
  nsjail="$(command -v nsjail || true)"
fi
if [ -z "$nsjail" ]; then
  echo "test:nsjail: skipped — no nsjail binary (set OJ_NSJAIL_PATH or put nsjail on PATH)"
  exit 0
fi

echo "test:nsjail: the hostile suite, the verdict matrix and the driver's tests with $nsjail"
export OJ_SANDBOX=nsjail OJ_NSJAIL_PATH="$nsjail"
mkdir -p .tmp
rm -f .tmp/nsjail-vitest.json
# The exit status comes from the JSON report (tests/summarize.mjs, as `pnpm test` does), not from vitest's own.
pnpm exec vitest run --project component --project integration --reporter=default --reporter=json --outputFile.json=.tmp/nsjail-vitest.json \
  judge-runner/src/sandbox/nsjail.test.ts tests/hostile/hostile.test.ts tests/hostile/verdict-matrix.test.ts "$@"
printf 'test:nsjail: '
exec node tests/summarize.mjs .tmp/nsjail-vitest.json
