// Test data: the upload answer, the limits of an uploaded zip, and the "pack" — the one object per case-set
// version that the services put in the test-data object store and the runners fetch and cache. The pack is
// deterministic (files sorted by name), so its sha256 is the version (`problem.caseVersion`).
import { Type, type Static } from '@sinclair/typebox';

/** NATS object store bucket holding one object per case-set version (named by the version). */
export const TESTDATA_BUCKET = 'oj-testdata';

/** Limits of an uploaded test-case zip (documented in services/README.md). */
export const TESTDATA_LIMITS = {
  /** Bytes of the uploaded zip itself. */
  zipBytes: 128 * 1024 * 1024,
  /** Uncompressed bytes of one case file. */
  fileBytes: 128 * 1024 * 1024,
  /** Uncompressed bytes of all case files together. */
  totalBytes: 512 * 1024 * 1024,
  /** Entries in the zip (files and directories). */
  entries: 2000,
  /** Test cases (in/out pairs). */
  cases: 500,
} as const;
export type TestdataLimits = { [K in keyof typeof TESTDATA_LIMITS]: number };

/** A case-set version: the lowercase hex sha256 of its pack. */
export const TestdataVersion = Type.String({ pattern: '^[0-9a-f]{64}$' });

/** One case of an upload answer (`fileList` of `upload-testcase-zip`). */
export const UploadedCase = Type.Object({
  input: Type.String(),
  output: Type.String(),
  score: Type.Optional(Type.Integer({ minimum: 0 })),
  groupNum: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type UploadedCase = Static<typeof UploadedCase>;

/**
 * `data` of `POST /api/file/upload-testcase-zip`. `fileListDir` is the case-set version (the original product
 * answered a server directory; here the files already sit in the object store under that name).
 */
export const UploadTestcaseResult = Type.Object({
  fileList: Type.Array(UploadedCase),
  fileListDir: TestdataVersion,
  /** Set when the upload was attached to a problem (`pid` given): that problem's `caseVersion` now. */
  caseVersion: Type.Optional(TestdataVersion),
});
export type UploadTestcaseResult = Static<typeof UploadTestcaseResult>;

export const UploadTestcaseQuery = Type.Object({
  /** The judge-case mode (default, subtask_lowest, subtask_average, ergodic_without_error). */
  mode: Type.Optional(Type.String({ maxLength: 32 })),
  gid: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Extension: attach the cases to this problem (numeric id) at once, making them its new version. */
  pid: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type UploadTestcaseQuery = Static<typeof UploadTestcaseQuery>;

export const DownloadTestcaseQuery = Type.Object({ pid: Type.Integer({ minimum: 1 }) });
export type DownloadTestcaseQuery = Static<typeof DownloadTestcaseQuery>;

// ---------- the pack ----------

const MAGIC = 'OJTD1\n';

export const PackManifest = Type.Object({
  files: Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), size: Type.Integer({ minimum: 0 }) })),
});
export type PackManifest = Static<typeof PackManifest>;

export interface PackFile {
  name: string;
  data: Uint8Array;
}

/**
 * Layout: `OJTD1\n`, a 4-byte big-endian manifest length, the manifest as JSON (`{files:[{name,size}]}`),
 * then the files' bytes one after another in manifest order. Files are sorted by name here.
 */
export function encodePack(files: readonly PackFile[]): Uint8Array {
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const manifest: PackManifest = { files: sorted.map((f) => ({ name: f.name, size: f.data.byteLength })) };
  const head = new TextEncoder().encode(MAGIC);
  const json = new TextEncoder().encode(JSON.stringify(manifest));
  const total = head.byteLength + 4 + json.byteLength + sorted.reduce((n, f) => n + f.data.byteLength, 0);
  const out = new Uint8Array(total);
  out.set(head, 0);
  new DataView(out.buffer).setUint32(head.byteLength, json.byteLength);
  out.set(json, head.byteLength + 4);
  let at = head.byteLength + 4 + json.byteLength;
  for (const f of sorted) {
    out.set(f.data, at);
    at += f.data.byteLength;
  }
  return out;
}

/** Splits a pack into its files (views into `pack`); throws on anything malformed. */
export function decodePack(pack: Uint8Array): PackFile[] {
  const head = new TextEncoder().encode(MAGIC);
  if (pack.byteLength < head.byteLength + 4 || !head.every((b, i) => pack[i] === b)) throw new Error('not a test-data pack');
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const jsonLen = view.getUint32(head.byteLength);
  let at = head.byteLength + 4;
  if (at + jsonLen > pack.byteLength) throw new Error('test-data pack: truncated manifest');
  const raw: unknown = JSON.parse(new TextDecoder().decode(pack.subarray(at, at + jsonLen)));
  at += jsonLen;
  const files = isManifest(raw) ? raw.files : null;
  if (!files) throw new Error('test-data pack: bad manifest');
  const out: PackFile[] = [];
  for (const f of files) {
    if (!isSafeCaseName(f.name)) throw new Error(`test-data pack: bad file name ${JSON.stringify(f.name)}`);
    if (at + f.size > pack.byteLength) throw new Error('test-data pack: truncated');
    out.push({ name: f.name, data: pack.subarray(at, at + f.size) });
    at += f.size;
  }
  if (at !== pack.byteLength) throw new Error('test-data pack: trailing bytes');
  return out;
}

function isManifest(x: unknown): x is PackManifest {
  if (typeof x !== 'object' || x === null || !Array.isArray((x as { files?: unknown }).files)) return false;
  return (x as { files: unknown[] }).files.every(
    (f) => typeof f === 'object' && f !== null && typeof (f as PackFile).name === 'string' && Number.isSafeInteger((f as { size?: unknown }).size) && (f as { size: number }).size >= 0,
  );
}

/** A case file name as stored: one path segment, no dot file, no control characters, at most 255 bytes. */
export function isSafeCaseName(name: string): boolean {
  if (name.length === 0 || name.startsWith('.') || new TextEncoder().encode(name).byteLength > 255) return false;
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c === 0x7f || ch === '/' || ch === '\\') return false;
  }
  return true;
}
