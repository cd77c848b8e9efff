// (l) Cold first load of the web client, served by a running judge (`pnpm start`'s process, `web/dist` as built):
// `/problem/1000` until its CodeMirror editor is editable, and `/problem` until the list's first row is visible.
// Every run is a fresh headless Chromium context (empty cache) over loopback; one discarded warm-up run per page.
// Time: from navigation start (the page's performance.timeOrigin) to the moment a MutationObserver installed before
// any script sees the element. Bytes: every JavaScript response (CDP resource type Script, or a .js URL, which covers
// modulepreload) whose Network.loadingFinished came before that moment; on the wire (encodedDataLength: gzip body +
// headers) and decoded (sum of Network.dataReceived dataLength).
// Run alone: `npx tsx tests/bench/first-load.ts` (builds nothing: run `pnpm --filter @oj/web build` first).
// Before/after: OJ_BENCH_FIRST_LOAD_VS=<a copy of an older web/dist> alternates the runs between the two builds.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { percentile, startStackProcess } from './stack-process';

const RUNS = Number(process.env.OJ_BENCH_FIRST_LOAD_RUNS ?? 7);
const CHROMIUM = process.env.OJ_CHROMIUM ?? '/usr/bin/chromium';

interface Target {
  label: string;
  path: string;
  /** What "loaded" means: the first element matching this selector, in the DOM and with a non-empty box. */
  selector: string;
  what: string;
}

const TARGETS: Target[] = [
  { label: 'problem page', path: '/problem/1000', selector: '.cm-content[contenteditable="true"]', what: 'editor editable' },
  { label: 'problem list', path: '/problem', selector: '[data-testid="problem-row"]', what: 'first row visible' },
];

export interface LoadSample {
  ms: number;
  /** JavaScript before the moment, on the wire (compressed bodies and headers). */
  wireBytes: number;
  /** The same responses decoded (what the browser parses). */
  decodedBytes: number;
  scripts: number;
}

/** Records, in the page, the performance.now() at which `selector` first matched a laid-out element. */
function watcherScript(selector: string): string {
  return `(() => {
    const sel = ${JSON.stringify(selector)};
    const check = () => {
      if (window.__ojLoadedAt !== undefined) return true;
      const el = document.querySelector(sel);
      if (!el) return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return false;
      window.__ojLoadedAt = performance.now();
      return true;
    };
    const mo = new MutationObserver(() => { if (check()) mo.disconnect(); });
    mo.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['contenteditable', 'class', 'style'] });
  })();`;
}

interface Req {
  url: string;
  type: string;
  decoded: number;
  /** Wall-clock ms (epoch) of Network.requestWillBeSent and of Network.loadingFinished. */
  startedAt: number;
  finishedAt?: number;
  wire?: number;
}

/** Follows every response of the page over CDP; its monotonic timestamps are mapped to wall-clock ms. */
async function trackNetwork(cdp: CDPSession) {
  const reqs = new Map<string, Req>();
  let offsetMs: number | undefined; // wall-clock ms − monotonic ms
  cdp.on('Network.requestWillBeSent', (e) => {
    offsetMs ??= e.wallTime * 1000 - e.timestamp * 1000;
    reqs.set(e.requestId, { url: e.request.url, type: e.type ?? '', decoded: 0, startedAt: e.wallTime * 1000 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.type = e.type || r.type;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (!r || offsetMs === undefined) return;
    r.finishedAt = e.timestamp * 1000 + offsetMs;
    r.wire = e.encodedDataLength;
  });
  await cdp.send('Network.enable');
  return reqs;
}

const isScript = (r: Req) => r.type === 'Script' || /\.m?js(\?|$)/.test(new URL(r.url).pathname);

export async function coldLoad(browser: Browser, baseUrl: string, t: Target): Promise<LoadSample> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(watcherScript(t.selector));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const reqs = await trackNetwork(cdp);
    await page.goto(baseUrl + t.path, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as { __ojLoadedAt?: number }).__ojLoadedAt !== undefined, undefined, { timeout: 60_000, polling: 50 });
    const { loadedAt, origin } = await page.evaluate(() => ({ loadedAt: (window as { __ojLoadedAt?: number }).__ojLoadedAt!, origin: performance.timeOrigin }));
    const moment = origin + loadedAt;
    if (process.env.OJ_BENCH_VERBOSE) {
      const rows = [...reqs.values()].filter((r) => r.finishedAt !== undefined).sort((a, b) => a.finishedAt! - b.finishedAt!);
      for (const r of rows) console.log(`      ${(r.startedAt - origin).toFixed(0).padStart(5)} → ${(r.finishedAt! - origin).toFixed(0).padStart(5)} ms ${r.finishedAt! <= moment ? '*' : ' '} ${r.type.padEnd(10)} ${kib(r.decoded).padStart(8)} ${new URL(r.url).pathname}`);
      console.log(`      ${loadedAt.toFixed(0).padStart(5)} ms ${t.what}`);
    }
    let wireBytes = 0;
    let decodedBytes = 0;
    let scripts = 0;
    for (const r of reqs.values()) {
      if (!isScript(r) || r.finishedAt === undefined || r.finishedAt > moment) continue;
      wireBytes += r.wire ?? 0;
      decodedBytes += r.decoded;
      scripts++;
    }
    return { ms: loadedAt, wireBytes, decodedBytes, scripts };
  } finally {
    await context.close();
  }
}

const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
const med = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const range = (xs: number[], f: (n: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;

function summary(label: string, samples: LoadSample[], what: string): string {
  const ms = samples.map((s) => s.ms);
  const wire = samples.map((s) => s.wireBytes);
  const decoded = samples.map((s) => s.decodedBytes);
  const n = samples.map((s) => s.scripts);
  return (
    `${label} → ${what}: ${med(ms).toFixed(0)} ms (${range(ms, (x) => x.toFixed(0))}); ` +
    `JS before it ${kib(med(decoded))} decoded (${range(decoded, kib)}), ${kib(med(wire))} on the wire, ${med(n)} files`
  );
}

export async function benchFirstLoad(): Promise<void> {
  // OJ_BENCH_FIRST_LOAD_VS=<another web/dist>: a second judge serves that build, and the runs alternate between the
  // two (A B A B …) so both see the same machine load; the line marked "vs" is that build's.
  const vsDist = process.env.OJ_BENCH_FIRST_LOAD_VS;
  console.log(`(l) cold first load in headless Chromium over loopback, ${RUNS} fresh contexts per page (median, min–max; load average ${os.loadavg()[0]!.toFixed(1)})`);
  const stacks = [await startStackProcess()];
  if (vsDist) stacks.push(await startStackProcess({ OJ_WEB_DIST: path.resolve(vsDist) }));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    for (const t of TARGETS) {
      const samples: LoadSample[][] = stacks.map(() => []);
      for (const st of stacks) await coldLoad(browser, st.baseUrl, t); // warm-up: the server's first reads of web/dist
      for (let i = 0; i < RUNS; i++) for (const [k, st] of stacks.entries()) samples[k]!.push(await coldLoad(browser, st.baseUrl, t));
      console.log(`    ${summary(`${t.label.padEnd(12)} ${t.path.padEnd(14)}`, samples[0]!, t.what)}`);
      if (vsDist) console.log(`    ${summary(`${'  vs'.padEnd(12)} ${path.basename(path.resolve(vsDist)).padEnd(14)}`, samples[1]!, t.what)}`);
    }
  } finally {
    await browser.close();
    for (const st of stacks) await st.stop();
  }
}

const invoked = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (invoked === fileURLToPath(import.meta.url)) {
  benchFirstLoad().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
