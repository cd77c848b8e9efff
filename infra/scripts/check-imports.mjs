#!/usr/bin/env node
// Part of `pnpm lint`: fails on any import cycle between our source files (type-only imports included, since a
// type circle ties modules together just as much) and on deep imports into another package (`@oj/x/src/...`, a
// subpath the package does not export, or a relative path into its folder). Prints each cycle as a path of files.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const PACKAGES = ['proto', 'services', 'gateway', 'judge-runner', 'web', 'infra', 'tests'];
const SKIP = new Set(['node_modules', 'dist', '.data', 'drizzle', 'test-results', 'playwright-report']);
const EXTS = ['.ts', '.tsx', '.mts'];

/** `@oj/name` → { dir, exports: subpath → file } from each package.json. */
const packages = new Map();
for (const dir of PACKAGES) {
  const pj = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  const exp = typeof pj.exports === 'string' ? { '.': pj.exports } : (pj.exports ?? { '.': pj.main ?? './src/index.ts' });
  const map = new Map();
  for (const [sub, target] of Object.entries(exp)) {
    const t = typeof target === 'string' ? target : (target.import ?? target.default);
    if (typeof t === 'string') map.set(sub, path.join(root, dir, t));
  }
  packages.set(pj.name, { dir: path.join(root, dir), exports: map });
}

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (EXTS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveFile(base) {
  const noJs = base.replace(/\.(m?js|jsx)$/, '');
  for (const cand of [base, ...EXTS.map((e) => noJs + e), ...EXTS.map((e) => path.join(noJs, 'index' + e))]) {
    if (existsSync(cand) && statSync(cand).isFile()) return cand;
  }
  return null;
}

const SPEC = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

const files = PACKAGES.flatMap((d) => walk(path.join(root, d), []));
const graph = new Map();
const problems = [];
const rel = (f) => path.relative(root, f);
const packageOf = (f) => rel(f).split(path.sep)[0];

for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1');
  const edges = new Set();
  for (const m of text.matchAll(SPEC)) {
    const spec = m[1] ?? m[2];
    let target = null;
    if (spec.startsWith('.')) {
      target = resolveFile(path.resolve(path.dirname(file), spec));
      // A relative path into another package's folder skips its public entry (tests/ fixtures aside).
      const from = packageOf(file);
      const to = target && packageOf(target);
      if (to && to !== from && to !== 'tests') problems.push(`${rel(file)}: deep import '${spec}' into ${to}/ (import it by its @oj/ name)`);
    } else if (spec.startsWith('@oj/')) {
      const [scope, name, ...rest] = spec.split('/');
      const pkg = packages.get(`${scope}/${name}`);
      if (!pkg) continue;
      const sub = rest.length ? `./${rest.join('/')}` : '.';
      target = pkg.exports.get(sub) ?? null;
      if (!target) problems.push(`${rel(file)}: deep import '${spec}' (${scope}/${name} exports only ${[...pkg.exports.keys()].join(', ')})`);
    }
    if (target && target !== file) edges.add(target);
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components; every component of more than one file is a cycle.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function strong(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const comp = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1) components.push(comp);
  }
}
for (const v of graph.keys()) if (!idx.has(v)) strong(v);

/** One concrete cycle inside a component, found by a walk that stays in it. */
function cycleIn(comp) {
  const inComp = new Set(comp);
  const start = comp.slice().sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v)) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const pathBack = [v];
        for (let p = prev.get(v); p; p = prev.get(p)) pathBack.push(p);
        return [...pathBack.reverse(), start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return comp;
}
for (const comp of components) {
  problems.push(`import cycle (${comp.length} files): ${cycleIn(comp).map(rel).join(' → ')}`);
}

if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`check-imports: ${problems.length} problem(s) in ${files.length} files`);
  process.exit(1);
}
console.log(`check-imports: ${files.length} files, no import cycle, no deep import`);
