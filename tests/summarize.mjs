// Adds up the vitest and Playwright JSON reports into the one closing line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`(no report at ${file}: counted as one failure)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in r) {
    // vitest: a file that failed to load, or whose beforeAll threw (its tests then show as skipped), has no failed test
    // of its own: each such file counts as one failure. vitest's own exit code cannot be trusted for this: the
    // embedded PostgreSQL's exit hook (async-exit-hook, `beforeExit`) ends the run with code 0.
    const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
    for (const f of brokenFiles) console.log(`(a test file failed outside its tests: ${f.name}: ${String(f.message ?? '').split('\n')[0].slice(0, 300)})`);
    passed += r.numPassedTests;
    failed += r.numFailedTests + brokenFiles.length;
    // Anything else vitest counts as a failed run (an unhandled error between tests): one failure.
    if (r.success === false && r.numFailedTests + brokenFiles.length === 0) {
      console.log('(vitest reports the run as failed with no failed test: counted as one failure)');
      failed += 1;
    }
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (r.stats) {
    passed += r.stats.expected ?? 0;
    failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0) + (r.errors ?? []).length;
    skipped += r.stats.skipped ?? 0;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
