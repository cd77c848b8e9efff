// Adds up the vitest and Playwright JSON reports into the one closing line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
// The names of what failed, printed again just above the closing line: a CI log is often read from its tail only.
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failures.push(`no report at ${rel(file)} (the run did not get that far): counted as one failure`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in r) {
    // vitest: a file that failed to load, or whose beforeAll threw (its tests then show as skipped), has no failed test
    // of its own: each such file counts as one failure. vitest's own exit code cannot be trusted for this: the
    // embedded PostgreSQL's exit hook (async-exit-hook, `beforeExit`) ends the run with code 0.
    const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
    for (const f of brokenFiles) failures.push(`vitest ${rel(f.name)}: failed outside its tests: ${firstLine(f.message)}`);
    for (const f of r.testResults ?? []) {
      for (const a of f.assertionResults ?? []) {
        if (a.status === 'failed') failures.push(`vitest ${rel(f.name)} > ${a.fullName ?? a.title}: ${firstLine((a.failureMessages ?? [])[0])}`);
      }
    }
    passed += r.numPassedTests;
    failed += r.numFailedTests + brokenFiles.length;
    // Anything else vitest counts as a failed run (an unhandled error between tests): one failure.
    if (r.success === false && r.numFailedTests + brokenFiles.length === 0) {
      failures.push('vitest reports the run as failed with no failed test (an error between tests)');
      failed += 1;
    }
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (r.stats) {
    passed += r.stats.expected ?? 0;
    failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0) + (r.errors ?? []).length;
    for (const t of playwrightTests(r.suites ?? [], [])) {
      if (t.status === 'unexpected' || t.status === 'flaky') failures.push(`playwright ${t.title} (${t.status}): ${t.error}`);
    }
    for (const e of r.errors ?? []) failures.push(`playwright error: ${firstLine(e.message)}`);
    skipped += r.stats.skipped ?? 0;
  }
}
if (failures.length > 0) {
  console.log(`== what failed (${failures.length})`);
  for (const f of failures) console.log(`- ${f}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

function rel(file) {
  return String(file).startsWith(`${process.cwd()}/`) ? String(file).slice(process.cwd().length + 1) : String(file);
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return (plain.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 300);
}

// Playwright's JSON nests suites (file > describe) > specs > tests (one per project) > results (one per try).
function* playwrightTests(suites, path) {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = (t.results ?? []).at(-1);
        const err = (t.results ?? []).map((x) => x.error?.message).find(Boolean);
        yield { title: [...here, spec.title].join(' > ') + (t.projectName ? ` [${t.projectName}]` : ''), status: t.status, error: firstLine(err ?? last?.status) };
      }
    }
    yield* playwrightTests(suite.suites ?? [], here);
  }
}
