#!/usr/bin/env bash
# The README's test command (`pnpm test`): lint, types, unit + integration + hostile suites (vitest), then the
# end-to-end tests in headless Chromium against the production build. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/playwright.json
status=0

echo "== lint and types"
pnpm -s lint || status=1
pnpm typecheck || status=1

echo "== unit, integration, hostile suites (vitest)"
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || status=1

echo "== web build"
pnpm --filter @oj/web build >/dev/null || { echo "web build failed"; status=1; }

echo "== end-to-end (Playwright, headless Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright.json" pnpm exec playwright test -c tests/e2e/playwright.config.ts --reporter=list,json || status=1

node tests/summarize.mjs .tmp/vitest.json .tmp/playwright.json || status=1
exit $status
