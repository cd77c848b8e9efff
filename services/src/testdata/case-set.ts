// Turns an uploaded zip into a validated case set: `<name>.in` paired with `<name>.out` (or `.ans`), in natural
// name order, with scores and subtask groups (from an optional `info.json`, else defaults), and the pack whose
// sha256 is the case-set version.
import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { encodePack, isSafeCaseName, OjError, TESTDATA_LIMITS, type PackFile, type TestdataLimits, type UploadedCase } from '@oj/proto';
import { readZip } from './zip';

export interface CaseSet {
  /** sha256 of `pack`: the problem's `caseVersion` once attached. */
  version: string;
  pack: Uint8Array;
  cases: (UploadedCase & { score: number })[];
}

/** Optional `info.json` at the zip's top: per-case score and subtask group, keyed by input file name. */
const InfoJson = Type.Object({
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

export function buildCaseSet(zip: Buffer, opts: { mode?: string; limits?: TestdataLimits } = {}): CaseSet {
  const limits = opts.limits ?? TESTDATA_LIMITS;
  if (zip.length > limits.zipBytes) throw new OjError('FILE_TOO_LARGE', { detail: `the zip is larger than ${limits.zipBytes} bytes` });
  // Every name is checked (traversal is refused even in files we would ignore); only case files and info.json are read.
  const byBase = new Map<string, string>();
  const entries = readZip(zip, limits, (name) => {
    const segs = segmentsOf(name);
    if (IGNORED(segs)) return false;
    const base = segs[segs.length - 1]!;
    const wanted = /\.(in|out|ans)$/.test(base) || (segs.length === 1 && base === 'info.json');
    if (!wanted) return false;
    if (!isSafeCaseName(base)) throw new OjError('TESTCASE_UNSAFE_PATH', { name: JSON.stringify(name) });
    const seen = byBase.get(base);
    if (seen !== undefined) throw new OjError('TESTCASE_INVALID_ZIP', { detail: `${seen} and ${name} have the same file name` });
    byBase.set(base, name);
    return true;
  });
  const files = new Map<string, Buffer>(entries.map((e) => [path.basename(e.name.replace(/\\/g, '/')), e.data]));

  const inputs = [...files.keys()].filter((n) => n.endsWith('.in')).sort(naturalCompare);
  const pairs: { input: string; output: string }[] = [];
  const used = new Set<string>();
  for (const input of inputs) {
    const stem = input.slice(0, -3);
    const output = [`${stem}.out`, `${stem}.ans`].find((o) => files.has(o));
    if (!output) throw new OjError('TESTCASE_UNMATCHED', { name: input, want: '.out/.ans' });
    pairs.push({ input, output });
    used.add(input).add(output);
  }
  const orphan = [...files.keys()].filter((n) => n !== 'info.json' && !used.has(n)).sort(naturalCompare)[0];
  if (orphan) throw new OjError('TESTCASE_UNMATCHED', { name: orphan, want: '.in' });
  if (pairs.length === 0) throw new OjError('TESTCASE_EMPTY');
  if (pairs.length > limits.cases) throw new OjError('FILE_TOO_LARGE', { detail: `more than ${limits.cases} test cases` });

  const info = files.has('info.json') ? parseInfo(files.get('info.json')!, new Set(inputs)) : null;
  const byInput = new Map(info?.cases.map((c) => [c.input, c]));
  const even = evenScores(pairs.length);
  const subtask = SUBTASK_MODES.has(opts.mode ?? 'default');
  const cases = pairs.map((p, i) => {
    const given = byInput.get(p.input);
    const groupNum = given?.groupNum ?? (subtask ? i + 1 : undefined);
    return { ...p, score: given?.score ?? even[i]!, ...(groupNum !== undefined ? { groupNum } : {}) };
  });

  const packFiles: PackFile[] = pairs.flatMap((p) => [
    { name: p.input, data: files.get(p.input)! },
    { name: p.output, data: files.get(p.output)! },
  ]);
  const pack = encodePack(packFiles);
  return { version: sha256Hex(pack), pack, cases };
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
