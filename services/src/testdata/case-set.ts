// Turns an uploaded zip into a validated case set: `<name>.in` paired with `<name>.out` (or `.ans`), in natural
// name order, with scores and subtask groups (from an optional `info.json`, else defaults), and the pack whose
// sha256 is the case-set version. Names, pairs and sizes are checked from the central directory before any data is
// read; the pack is then written as a stream, file by file.
import { createHash } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { encodePackHead, isSafeCaseName, normalizeSubtaskDependencies, OjError, SubtaskDependencies, TESTDATA_LIMITS, type SubtaskDependency, type TestdataLimits, type UploadedCase } from '@oj/proto';
import { checkDeclaredSizes, type CentralEntry } from './zip';
import { bufferSource, entryChunks, listEntries, readEntry, type ZipSource } from './zip-file';

export interface CaseSet {
  /** sha256 of the pack: the problem's `caseVersion` once attached. */
  version: string;
  /** Bytes of the pack. */
  bytes: number;
  cases: (UploadedCase & { score: number })[];
  /** `info.json`'s `subtasks` (subtask modes), checked against the cases' groups; absent when it gives none. */
  subtaskDependencies?: SubtaskDependency[];
}

/**
 * Optional `info.json` at the zip's top: per-case score and subtask group, keyed by input file name, and the subtasks'
 * dependencies (`subtasks: [{ groupNum, dependencies: [group numbers] }]`, LibreOJ's `dependencies` by group number).
 */
const InfoJson = Type.Object({
  subtasks: Type.Optional(SubtaskDependencies),
  cases: Type.Array(
    Type.Object({
      input: Type.String({ minLength: 1 }),
      score: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
      groupNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    }),
    { maxItems: TESTDATA_LIMITS.cases },
  ),
});
type InfoJson = Static<typeof InfoJson>;

const SUBTASK_MODES = new Set(['subtask_lowest', 'subtask_average']);
const IGNORED = (segments: string[]) => segments[0] === '__MACOSX' || segments.some((s) => s.startsWith('.'));

/** The pack's order (by code unit, as `encodePack` sorts): the version does not depend on the zip's order. */
const packOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares names the way people number cases: `2.in` before `10.in`. */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'variant' }) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Splits a stored path into segments, refusing absolute paths, `..`, drive letters and control characters. */
function segmentsOf(name: string): string[] {
  const unified = name.replace(/\\/g, '/');
  const segs = unified.split('/').filter((s) => s !== '' && s !== '.');
  const unsafe =
    unified.startsWith('/') || /^[A-Za-z]:/.test(unified) || segs.includes('..') || [...name].some((ch) => ch.codePointAt(0)! < 0x20) || name.includes('\0');
  if (unsafe || segs.length === 0) throw new OjError('TESTCASE_UNSAFE_PATH', { name: JSON.stringify(name) });
  return segs;
}

/** Evenly splits 100 over `n` cases (the remainder goes to the last ones), as the original upload does. */
export function evenScores(n: number, total = 100): number[] {
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i >= n - extra ? 1 : 0));
}

/** What the central directory alone decides: the cases, the files of the pack (sorted by name) and `info.json`. */
export interface CasePlan {
  pairs: { input: string; output: string }[];
  files: { name: string; entry: CentralEntry }[];
  info: CentralEntry | null;
  /** Uncompressed bytes of the pack's files. */
  bytes: number;
}

/** `info.json` larger than this is refused (500 cases take ~30 KB). */
const INFO_MAX_BYTES = 1024 * 1024;

/**
 * Checks the archive's entries without reading any data, failing on the first bad one: every name (traversal is
 * refused even in files that would be ignored), duplicate file names, unpaired files, the number of cases, and the
 * declared sizes against the limits.
 */
export function planCaseSet(entries: readonly CentralEntry[], limits: TestdataLimits = TESTDATA_LIMITS): CasePlan {
  const byBase = new Map<string, CentralEntry>();
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const segs = segmentsOf(e.name);
    if (IGNORED(segs)) continue;
    const base = segs[segs.length - 1]!;
    if (!(/\.(in|out|ans)$/.test(base) || (segs.length === 1 && base === 'info.json'))) continue;
    if (!isSafeCaseName(base)) throw new OjError('TESTCASE_UNSAFE_PATH', { name: JSON.stringify(e.name) });
    // A link's data is its target's path, not the case (`zip -y`, `git archive`).
    if (e.symlink) throw new OjError('TESTCASE_INVALID_ZIP', { detail: `${e.name} is a symbolic link; zip the file itself (zip without -y)` });
    const seen = byBase.get(base);
    if (seen !== undefined) throw new OjError('TESTCASE_INVALID_ZIP', { detail: `${seen.name} and ${e.name} have the same file name` });
    byBase.set(base, e);
  }
  const inputs = [...byBase.keys()].filter((n) => n.endsWith('.in')).sort(naturalCompare);
  const pairs: { input: string; output: string }[] = [];
  const used = new Set<string>();
  for (const input of inputs) {
    const stem = input.slice(0, -3);
    const output = [`${stem}.out`, `${stem}.ans`].find((o) => byBase.has(o));
    if (!output) throw new OjError('TESTCASE_UNMATCHED', { name: input, want: '.out/.ans' });
    pairs.push({ input, output });
    used.add(input).add(output);
  }
  const orphan = [...byBase.keys()].filter((n) => n !== 'info.json' && !used.has(n)).sort(naturalCompare)[0];
  if (orphan) throw new OjError('TESTCASE_UNMATCHED', { name: orphan, want: '.in' });
  if (pairs.length === 0) throw new OjError('TESTCASE_EMPTY');
  if (pairs.length > limits.cases) throw new OjError('FILE_TOO_LARGE', { detail: `more than ${limits.cases} test cases` });

  const files = [...used].sort(packOrder).map((name) => ({ name, entry: byBase.get(name)! }));
  const info = byBase.get('info.json') ?? null;
  if (info && info.size > INFO_MAX_BYTES) throw new OjError('FILE_TOO_LARGE', { detail: `info.json is larger than ${INFO_MAX_BYTES} bytes` });
  checkDeclaredSizes(files.map((f) => f.entry), limits);
  return { pairs, files, info, bytes: files.reduce((n, f) => n + f.entry.size, 0) };
}

/**
 * Scores and groups of the plan's cases: from `info.json` when given, else 100 split evenly (and one group per case in
 * subtask modes); and the subtask dependencies `info.json` gives (subtask modes only).
 */
export function assignCases(plan: CasePlan, infoJson: Buffer | null, mode = 'default'): Pick<CaseSet, 'cases' | 'subtaskDependencies'> {
  const info = infoJson ? parseInfo(infoJson, new Set(plan.pairs.map((p) => p.input))) : null;
  const byInput = new Map(info?.cases.map((c) => [c.input, c]));
  const even = evenScores(plan.pairs.length);
  const subtask = SUBTASK_MODES.has(mode);
  // Groups come all from info.json or none: a default group (the case's number) could merge with a given one.
  const givesGroups = subtask && info?.cases.some((c) => c.groupNum !== undefined);
  const cases = plan.pairs.map((p, i) => {
    const given = byInput.get(p.input);
    if (givesGroups && given?.groupNum === undefined) throw new OjError('TESTCASE_BAD_INFO', { detail: `${p.input} has no groupNum (every case needs one in subtask modes)` });
    const groupNum = given?.groupNum ?? (subtask ? i + 1 : undefined);
    return { ...p, score: given?.score ?? even[i]!, ...(groupNum !== undefined ? { groupNum } : {}) };
  });
  if (!subtask || !info?.subtasks) return { cases };
  const deps = normalizeSubtaskDependencies([...new Set(cases.map((c) => c.groupNum ?? 0))], info.subtasks);
  if (!deps.ok) {
    const detail = deps.problem.kind === 'cycle' ? `the subtask dependencies go round in a circle (subtask ${deps.problem.group})` : `subtask ${deps.problem.dependency} in subtasks has no case`;
    throw new OjError('TESTCASE_BAD_INFO', { detail });
  }
  return { cases, subtaskDependencies: deps.value };
}

/** Receives the pack's bytes in order (a file on disk, or memory for small sets). */
export type PackSink = (chunk: Uint8Array) => Promise<void>;

/**
 * Writes the pack of `plan` to `sink`, inflating each file from the archive as it goes (never one whole file in
 * memory) and hashing the bytes on the way; answers the version (sha256) and the pack's size.
 */
export async function writePack(src: ZipSource, plan: CasePlan, sink: PackSink, onProgress?: (done: number, total: number) => void): Promise<{ version: string; bytes: number }> {
  const hash = createHash('sha256');
  const head = encodePackHead(plan.files.map((f) => ({ name: f.name, size: f.entry.size })));
  hash.update(head);
  await sink(head);
  let done = 0;
  for (const f of plan.files) {
    for await (const chunk of entryChunks(src, f.entry)) {
      hash.update(chunk);
      await sink(chunk);
      done += chunk.length;
      onProgress?.(done, plan.bytes);
    }
  }
  return { version: hash.digest('hex'), bytes: head.byteLength + plan.bytes };
}

export interface CaseSetOptions {
  mode?: string;
  limits?: TestdataLimits;
  /** Bytes of case files checked and packed so far, of `total`. */
  onProgress?: (done: number, total: number) => void;
}

/** Validates the archive in `src` and writes its pack to `sink`: the case set with its version. */
export async function buildCaseSet(src: ZipSource, sink: PackSink, opts: CaseSetOptions = {}): Promise<CaseSet> {
  const limits = opts.limits ?? TESTDATA_LIMITS;
  if (src.size > limits.zipBytes) throw new OjError('FILE_TOO_LARGE', { detail: `the zip is larger than ${limits.zipBytes} bytes` });
  const plan = planCaseSet(await listEntries(src, limits), limits);
  const assigned = assignCases(plan, plan.info ? await readEntry(src, plan.info) : null, opts.mode);
  const { version, bytes } = await writePack(src, plan, sink, opts.onProgress);
  return { version, bytes, ...assigned };
}

/** `buildCaseSet` of a small archive in memory, with the pack in memory too (tests, small uses). */
export async function buildCaseSetInMemory(zip: Buffer, opts: CaseSetOptions = {}): Promise<CaseSet & { pack: Uint8Array }> {
  const parts: Uint8Array[] = [];
  const set = await buildCaseSet(bufferSource(zip), async (c) => void parts.push(Uint8Array.from(c)), opts);
  return { ...set, pack: Buffer.concat(parts) };
}

function parseInfo(raw: Buffer, inputs: Set<string>): InfoJson {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new OjError('TESTCASE_BAD_INFO', { detail: 'not JSON' });
  }
  if (!Value.Check(InfoJson, json)) {
    const first = [...Value.Errors(InfoJson, json)][0];
    throw new OjError('TESTCASE_BAD_INFO', { detail: first ? `${first.path || '/'} ${first.message}` : 'bad shape' });
  }
  for (const c of json.cases) if (!inputs.has(c.input)) throw new OjError('TESTCASE_BAD_INFO', { detail: `unknown input ${c.input}` });
  return json;
}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
