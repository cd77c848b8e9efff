// The runner's on-disk cache of test-data versions: each version is fetched from the object store once, streamed
// into a root-only directory file by file (the pack is never held whole in memory), checked against its sha256 (the
// version is the hash of the pack) and kept, least recently used first out, under a byte budget. A version in use by
// a job is never evicted.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';
import { unpackStream } from './unpack';

const VERSION_RE = /^[0-9a-f]{64}$/;

export interface TestdataCacheOptions {
  /** Directory of the cache (created 0700: the sandboxed program never sees it). */
  root: string;
  /** Fetches a version's pack from the store, whole or (better) as a stream of chunks; null when the store lacks it. */
  fetch: (version: string) => Promise<Uint8Array | AsyncIterable<Uint8Array> | null>;
  /** Budget of unpacked bytes kept on disk. */
  maxBytes: number;
  logger?: Logger;
}

/** A cached version held by a job: its files are under `dir` until `release()`. */
export interface CachedTestdata {
  dir: string;
  release(): void;
}

interface Entry {
  bytes: number;
  lastUsed: number;
  refs: number;
}

export class TestdataCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<void>>();
  private ready: Promise<void> | null = null;
  private clock = 0;
  /** Packs fetched from the store since start (a cached version costs no fetch). */
  fetches = 0;

  constructor(private readonly opts: TestdataCacheOptions) {}

  /** Unpacked bytes currently on disk. */
  get bytes(): number {
    let n = 0;
    for (const e of this.entries.values()) n += e.bytes;
    return n;
  }

  has(version: string): boolean {
    return this.entries.has(version);
  }

  /** Makes `version` available on disk (fetching it at most once, even for concurrent callers) and holds it. */
  async acquire(version: string): Promise<CachedTestdata> {
    if (!VERSION_RE.test(version)) throw new Error(`bad test-data version ${JSON.stringify(version)}`);
    await (this.ready ??= this.scan());
    while (!this.entries.has(version)) {
      let p = this.loading.get(version);
      if (!p) {
        p = this.load(version).finally(() => this.loading.delete(version));
        this.loading.set(version, p);
      }
      await p;
    }
    const e = this.entries.get(version)!;
    e.refs++;
    e.lastUsed = ++this.clock;
    let released = false;
    return {
      dir: path.join(this.opts.root, version),
      release: () => {
        if (released) return;
        released = true;
        e.refs--;
        void this.evict();
      },
    };
  }

  /** Indexes what a previous run left (complete versions only; unfinished downloads are removed). */
  private async scan(): Promise<void> {
    await mkdir(this.opts.root, { recursive: true, mode: 0o700 });
    await chmod(this.opts.root, 0o700);
    for (const name of await readdir(this.opts.root)) {
      const full = path.join(this.opts.root, name);
      if (!VERSION_RE.test(name)) {
        await rm(full, { recursive: true, force: true });
        continue;
      }
      let bytes = 0;
      for (const f of await readdir(full)) bytes += (await stat(path.join(full, f))).size;
      this.entries.set(name, { bytes, lastUsed: ++this.clock, refs: 0 });
    }
    await this.evict();
  }

  private async load(version: string): Promise<void> {
    const body = await this.opts.fetch(version);
    this.fetches++;
    if (!body) throw new Error(`test data ${version} is not in the object store`);
    const tmp = path.join(this.opts.root, `.tmp-${version.slice(0, 16)}-${randomBytes(4).toString('hex')}`);
    await mkdir(tmp, { mode: 0o700 });
    let unpacked: { files: number; bytes: number; sha256: string };
    try {
      unpacked = await unpackStream(body instanceof Uint8Array ? [body] : body, tmp);
      if (unpacked.sha256 !== version) throw new Error(`test data ${version} failed its hash check (got ${unpacked.sha256})`);
      await rename(tmp, path.join(this.opts.root, version));
    } catch (err) {
      await rm(tmp, { recursive: true, force: true });
      throw err;
    }
    this.entries.set(version, { bytes: unpacked.bytes, lastUsed: ++this.clock, refs: 0 });
    this.opts.logger?.info({ version, files: unpacked.files, bytes: unpacked.bytes }, 'test data cached');
    await this.evict(version);
  }

  /** Drops least recently used versions nobody holds until the cache fits its budget. */
  private async evict(keep?: string): Promise<void> {
    while (this.bytes > this.opts.maxBytes) {
      let victim: string | null = null;
      for (const [v, e] of this.entries) {
        if (e.refs > 0 || v === keep) continue;
        if (victim === null || e.lastUsed < this.entries.get(victim)!.lastUsed) victim = v;
      }
      if (victim === null) return;
      this.entries.delete(victim);
      await rm(path.join(this.opts.root, victim), { recursive: true, force: true });
      this.opts.logger?.info({ version: victim }, 'test data evicted');
    }
  }
}
