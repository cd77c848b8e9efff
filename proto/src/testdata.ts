// Test data: the upload answer and its progress, the limits of an uploaded zip, and the "pack" — the one object per
// case-set version that the services put in the test-data object store and the runners fetch and cache. The pack is
// deterministic (files sorted by name), so its sha256 is the version (`problem.caseVersion`). Packs can be far
// bigger than memory: `PackReader` reads one as a stream (manifest first, then each file in order).
import { Type, type Static } from '@sinclair/typebox';
import { SubtaskDependencies } from './checkers';

/** NATS object store bucket holding one object per case-set version (named by the version). */
export const TESTDATA_BUCKET = 'oj-testdata';
/** The JetStream stream behind that object store bucket (its replicas are kept like the judge streams'). */
export const TESTDATA_STREAM = `OBJ_${TESTDATA_BUCKET}`;

/**
 * Default limits of an uploaded test-case zip (documented in docs/judge.md#test-data); the zip and total sizes are
 * configurable (`OJ_TESTDATA_MAX_ZIP_MB`, `OJ_TESTDATA_MAX_TOTAL_MB`). One case file stays at 128 MiB: a runner
 * reads the expected output of a case into memory.
 */
export const TESTDATA_LIMITS = {
  /** Bytes of the uploaded zip itself. */
  zipBytes: 1024 * 1024 * 1024,
  /** Uncompressed bytes of one case file. */
  fileBytes: 128 * 1024 * 1024,
  /** Uncompressed bytes of all case files together. */
  totalBytes: 2048 * 1024 * 1024,
  /** Entries in the zip (files and directories). */
  entries: 2000,
  /** Test cases (in/out pairs). */
  cases: 500,
  /** Zip bombs: the most an entry, or the whole zip, may inflate over its compressed size (above 16 MiB unpacked). */
  maxRatio: 200,
  /** Folders an entry's path may nest. */
  maxDepth: 16,
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
  /** Extension: the subtask dependencies `info.json` gives (`subtasks`), for the form to take over. */
  subtaskDependencies: Type.Optional(SubtaskDependencies),
});
export type UploadTestcaseResult = Static<typeof UploadTestcaseResult>;

export const UploadTestcaseQuery = Type.Object({
  /** The judge-case mode (default, subtask_lowest, subtask_average, ergodic_without_error). */
  mode: Type.Optional(Type.String({ maxLength: 32 })),
  gid: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Extension: attach the cases to this problem (numeric id) at once, making them its new version. */
  pid: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Extension: push the upload's progress (`testdata.progress`) on the caller's `user` topic under this key. */
  progressKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' })),
});
export type UploadTestcaseQuery = Static<typeof UploadTestcaseQuery>;

/**
 * `testdata.progress` on the uploader's `user` topic, under the `progressKey` of their upload. `done`/`total` are
 * bytes: of the request received (`total` is its Content-Length, 0 when unknown), of the case files checked and
 * packed, of the pack stored. `failed` ends an upload that was refused (the answer carries the error).
 */
export const TestdataProgress = Type.Object({
  key: Type.String(),
  phase: Type.Union([Type.Literal('receiving'), Type.Literal('checking'), Type.Literal('storing'), Type.Literal('done'), Type.Literal('failed')]),
  done: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type TestdataProgress = Static<typeof TestdataProgress>;

export const DownloadTestcaseQuery = Type.Object({ pid: Type.Integer({ minimum: 1 }) });
export type DownloadTestcaseQuery = Static<typeof DownloadTestcaseQuery>;

// ---------- the pack ----------

const MAGIC = new TextEncoder().encode('OJTD1\n');
/** Bytes before the manifest: the magic and the manifest's length. */
const PREFIX_BYTES = MAGIC.byteLength + 4;
/** A manifest longer than this is refused before it is buffered (500 cases name ~100 KB). */
export const PACK_MANIFEST_MAX_BYTES = 8 * 1024 * 1024;

export const PackManifest = Type.Object({
  files: Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), size: Type.Integer({ minimum: 0 }) })),
});
export type PackManifest = Static<typeof PackManifest>;
export type PackEntry = PackManifest['files'][number];

export interface PackFile {
  name: string;
  data: Uint8Array;
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The bytes before the files' data: `OJTD1\n`, a 4-byte big-endian manifest length, the manifest as JSON
 * (`{files:[{name,size}]}`). The files' bytes follow one after another in manifest order. `files` must already be
 * sorted by name (`encodePack` sorts; a streaming writer sorts its entries first).
 */
export function encodePackHead(files: readonly PackEntry[]): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify({ files: files.map((f) => ({ name: f.name, size: f.size })) }));
  const out = new Uint8Array(PREFIX_BYTES + json.byteLength);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(MAGIC.byteLength, json.byteLength);
  out.set(json, PREFIX_BYTES);
  return out;
}

/** A whole pack in memory (small uses: imports, tests). Files are sorted by name here. */
export function encodePack(files: readonly PackFile[]): Uint8Array {
  const sorted = [...files].sort(byName);
  const head = encodePackHead(sorted.map((f) => ({ name: f.name, size: f.data.byteLength })));
  const out = new Uint8Array(head.byteLength + sorted.reduce((n, f) => n + f.data.byteLength, 0));
  out.set(head, 0);
  let at = head.byteLength;
  for (const f of sorted) {
    out.set(f.data, at);
    at += f.data.byteLength;
  }
  return out;
}

/**
 * The manifest at the start of `bytes` and where the files' data begins; null while `bytes` is too short to hold
 * it. Throws on anything malformed (bad magic, an oversized or invalid manifest, an unsafe file name).
 */
export function readPackHead(bytes: Uint8Array): { files: PackEntry[]; dataStart: number } | null {
  const magicSeen = Math.min(bytes.byteLength, MAGIC.byteLength);
  for (let i = 0; i < magicSeen; i++) if (bytes[i] !== MAGIC[i]) throw new Error('not a test-data pack');
  if (bytes.byteLength < PREFIX_BYTES) return null;
  const jsonLen = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(MAGIC.byteLength);
  if (jsonLen > PACK_MANIFEST_MAX_BYTES) throw new Error('test-data pack: manifest too large');
  if (bytes.byteLength < PREFIX_BYTES + jsonLen) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + jsonLen)));
  } catch {
    throw new Error('test-data pack: bad manifest');
  }
  if (!isManifest(raw)) throw new Error('test-data pack: bad manifest');
  for (const f of raw.files) if (!isSafeCaseName(f.name)) throw new Error(`test-data pack: bad file name ${JSON.stringify(f.name)}`);
  return { files: raw.files.map((f) => ({ name: f.name, size: f.size })), dataStart: PREFIX_BYTES + jsonLen };
}

/** Splits a whole pack in memory into its files (views into `pack`); throws on anything malformed. */
export function decodePack(pack: Uint8Array): PackFile[] {
  const head = readPackHead(pack);
  if (!head) throw new Error(pack.byteLength < PREFIX_BYTES ? 'not a test-data pack' : 'test-data pack: truncated manifest');
  let at = head.dataStart;
  const out: PackFile[] = [];
  for (const f of head.files) {
    if (at + f.size > pack.byteLength) throw new Error('test-data pack: truncated');
    out.push({ name: f.name, data: pack.subarray(at, at + f.size) });
    at += f.size;
  }
  if (at !== pack.byteLength) throw new Error('test-data pack: trailing bytes');
  return out;
}

/** What `PackReader.push` finds in the bytes it is given, in stream order. */
export type PackEvent =
  | { kind: 'manifest'; files: PackEntry[] }
  | { kind: 'file-start'; name: string; size: number }
  | { kind: 'data'; name: string; chunk: Uint8Array }
  | { kind: 'file-end'; name: string };

/**
 * Reads a pack as it streams in, holding no more than the manifest: push each chunk and handle the events it yields
 * (`data` chunks are views into the pushed chunk, valid until it is reused); `end()` throws unless the pack was
 * complete and had no trailing bytes.
 */
export class PackReader {
  private head: Uint8Array | null = new Uint8Array(0);
  private files: PackEntry[] = [];
  private index = 0;
  /** Bytes of the current file still to come; -1 before its start was announced. */
  private left = -1;

  /** The manifest once read (null before). */
  get manifest(): PackEntry[] | null {
    return this.head === null ? this.files : null;
  }

  push(chunk: Uint8Array): PackEvent[] {
    const out: PackEvent[] = [];
    let rest = chunk;
    if (this.head !== null) {
      const joined = new Uint8Array(this.head.byteLength + chunk.byteLength);
      joined.set(this.head, 0);
      joined.set(chunk, this.head.byteLength);
      const parsed = readPackHead(joined);
      if (!parsed) {
        this.head = joined;
        return out;
      }
      this.head = null;
      this.files = parsed.files;
      out.push({ kind: 'manifest', files: parsed.files });
      rest = joined.subarray(parsed.dataStart);
    }
    this.advance(out);
    while (rest.byteLength > 0) {
      if (this.index >= this.files.length) throw new Error('test-data pack: trailing bytes');
      const name = this.files[this.index]!.name;
      const take = Math.min(this.left, rest.byteLength);
      out.push({ kind: 'data', name, chunk: rest.subarray(0, take) });
      rest = rest.subarray(take);
      this.left -= take;
      this.advance(out);
    }
    return out;
  }

  /** Throws unless every file of the manifest was complete. */
  end(): void {
    if (this.head !== null) throw new Error('test-data pack: truncated manifest');
    if (this.index < this.files.length) throw new Error('test-data pack: truncated');
  }

  /** Announces file starts and ends (empty files at once) up to the next file that still expects bytes. */
  private advance(out: PackEvent[]): void {
    while (this.index < this.files.length) {
      const f = this.files[this.index]!;
      if (this.left === -1) {
        out.push({ kind: 'file-start', name: f.name, size: f.size });
        this.left = f.size;
      }
      if (this.left > 0) return;
      out.push({ kind: 'file-end', name: f.name });
      this.index++;
      this.left = -1;
    }
  }
}

/** What an object-store read gives (`ObjectResult` of `@nats-io/obj`), typed structurally to keep this file browser-safe. */
export interface ObjectRead {
  data: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } };
  error: Promise<Error | null>;
}

/**
 * The chunks of an object-store read (the pack of a version), pulled one at a time; a corrupt or incomplete object
 * (the store checks its own sha256) fails the iteration. Leaving early stops the read.
 */
export function objectChunks(found: ObjectRead): AsyncIterable<Uint8Array> {
  // Settled whether or not the chunks are ever read, so a failure is never an unhandled rejection.
  const failure = found.error.then(
    (e) => e,
    (e: unknown) => (e instanceof Error ? e : new Error('test-data object read failed')),
  );
  return (async function* () {
    const reader = found.data.getReader();
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) if (r.value) yield r.value;
    } finally {
      await reader.cancel().catch(() => {});
    }
    const err = await failure;
    if (err) throw err;
  })();
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
