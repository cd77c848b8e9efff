// The beginning of each file of a stored case set, for the case results a submission's owner may see (input and
// expected output), and one file of it streamed whole (its download). A case set is immutable (named by its content
// hash), so the previews of a version are read once per process, kept in a small LRU cache, and a read in flight is
// shared by the callers that want the same version.
import { PackReader } from '@oj/proto';

/** Characters of a case file shown in the case results; the rest is downloaded. */
export const CASE_PREVIEW_CHARS = 2048;
/** Bytes read of each file for its preview (a UTF-8 character is at most 4 bytes). */
const PREVIEW_BYTES = CASE_PREVIEW_CHARS * 4;

export interface FilePreview {
  /** The first `CASE_PREVIEW_CHARS` characters. */
  text: string;
  /** The file's full size in bytes. */
  bytes: number;
  truncated: boolean;
}

export type PackSource = (version: string) => Promise<AsyncIterable<Uint8Array> | Uint8Array | null>;

const chunksOf = (body: AsyncIterable<Uint8Array> | Uint8Array): AsyncIterable<Uint8Array> =>
  body instanceof Uint8Array ? (async function* () { yield body; })() : body;

/** The preview of a text: its first characters, and whether that is all of it. */
export function previewText(head: Uint8Array | string, bytes: number): FilePreview {
  const text = typeof head === 'string' ? head : Buffer.from(head).toString('utf8');
  const truncated = text.length > CASE_PREVIEW_CHARS || bytes > Buffer.byteLength(text);
  return { text: text.length > CASE_PREVIEW_CHARS ? text.slice(0, CASE_PREVIEW_CHARS) : truncated ? text.replace(/\uFFFD$/, '') : text, bytes, truncated };
}

async function readPreviews(body: AsyncIterable<Uint8Array> | Uint8Array): Promise<Map<string, FilePreview>> {
  const reader = new PackReader();
  const heads = new Map<string, { parts: Buffer[]; got: number; size: number }>();
  const out = new Map<string, FilePreview>();
  for await (const chunk of chunksOf(body)) {
    for (const ev of reader.push(chunk)) {
      if (ev.kind === 'file-start') heads.set(ev.name, { parts: [], got: 0, size: ev.size });
      else if (ev.kind === 'data') {
        const h = heads.get(ev.name)!;
        if (h.got < PREVIEW_BYTES) {
          const take = ev.chunk.subarray(0, PREVIEW_BYTES - h.got);
          h.parts.push(Buffer.from(take));
          h.got += take.byteLength;
        }
      } else if (ev.kind === 'file-end') {
        const h = heads.get(ev.name)!;
        out.set(ev.name, previewText(Buffer.concat(h.parts), h.size));
        heads.delete(ev.name);
      }
    }
  }
  reader.end();
  return out;
}

export interface CasePreviewCache {
  /** The previews of every file of stored version `version`, or null when the store lacks it. */
  previews(version: string): Promise<Map<string, FilePreview> | null>;
  /** File `name` of version `version`, streamed (null when the store lacks the version or the file). */
  file(version: string, name: string): Promise<{ bytes: number; body: AsyncIterable<Uint8Array> } | null>;
}

/** At most `maxVersions` case sets are kept (each up to ~2 KiB per file: a 1,000-file set holds ~2 MiB). */
export function createCasePreviewCache(source: PackSource, maxVersions = 8): CasePreviewCache {
  const cache = new Map<string, Map<string, FilePreview>>();
  const inFlight = new Map<string, Promise<Map<string, FilePreview> | null>>();

  async function load(version: string): Promise<Map<string, FilePreview> | null> {
    const body = await source(version);
    if (!body) return null;
    const previews = await readPreviews(body);
    cache.set(version, previews);
    while (cache.size > maxVersions) cache.delete(cache.keys().next().value!);
    return previews;
  }

  return {
    previews(version) {
      const hit = cache.get(version);
      if (hit) {
        // Most recently used last.
        cache.delete(version);
        cache.set(version, hit);
        return Promise.resolve(hit);
      }
      let p = inFlight.get(version);
      if (!p) {
        p = load(version).finally(() => inFlight.delete(version));
        inFlight.set(version, p);
      }
      return p;
    },

    async file(version, name) {
      const body = await source(version);
      if (!body) return null;
      const reader = new PackReader();
      const chunks = chunksOf(body)[Symbol.asyncIterator]();
      // Read up to the file's start (the manifest says whether it exists and how big it is).
      const pending: Uint8Array[] = [];
      let size = -1;
      let ended = false;
      while (size < 0) {
        const next = await chunks.next();
        if (next.done) return null;
        for (const ev of reader.push(next.value)) {
          if (ev.kind === 'manifest' && !ev.files.some((f) => f.name === name)) {
            await chunks.return?.();
            return null;
          }
          if (ev.kind === 'file-start' && ev.name === name) size = ev.size;
          else if (ev.kind === 'data' && ev.name === name) pending.push(Buffer.from(ev.chunk));
          else if (ev.kind === 'file-end' && ev.name === name) ended = true;
        }
      }
      async function* rest(): AsyncIterable<Uint8Array> {
        try {
          yield* pending;
          while (!ended) {
            const next = await chunks.next();
            if (next.done) throw new Error('test-data pack: truncated');
            for (const ev of reader.push(next.value)) {
              if (ev.kind === 'data' && ev.name === name) yield Buffer.from(ev.chunk);
              else if (ev.kind === 'file-end' && ev.name === name) ended = true;
            }
          }
        } finally {
          // Stops the store's read once the file is complete.
          await chunks.return?.();
        }
      }
      return { bytes: size, body: rest() };
    },
  };
}
