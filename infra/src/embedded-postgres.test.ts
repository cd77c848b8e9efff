// The embedded PostgreSQL's two ways in, on a real server: loopback TCP for every tool, and the Unix socket in its data
// dir for the stack's own processes (libpq's `?host=/dir`, which postgres.js takes through `connectionOf`).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf } from '@oj/services';
import { socketDirFor, startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';

describe('the embedded PostgreSQL', () => {
  let dir: string;
  let pg: RunningPostgres;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'oj-embedded-pg-'));
    await chmod(dir, 0o755);
    pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), password: 'embedded-pass' });
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The client address the server sees for a connection from `url` (as the services open it): null over a Unix socket. */
  async function clientAddress(url: string): Promise<string | null> {
    const { url: u, path: socket } = connectionOf(url);
    const client = postgres(u, { max: 1, onnotice: () => {}, ...(socket && { path: socket }) });
    try {
      const [row] = await client<{ addr: string | null }[]>`select host(inet_client_addr()) as addr`;
      return row!.addr;
    } finally {
      await client.end();
    }
  }

  it('answers over its Unix socket for local processes and over loopback TCP for the rest', async () => {
    const local = pg.localUrlFor('postgres');
    expect(new URL(local).searchParams.get('host')).toBe(path.join(dir, 'data'));
    expect(await clientAddress(local)).toBeNull();
    expect(await clientAddress(pg.urlFor('postgres'))).toBe('127.0.0.1');
  });

  it('falls back to TCP where the socket path would not fit, and leaves TCP URLs alone', () => {
    expect(socketDirFor('/srv/oj/pg', 5432)).toBe('/srv/oj/pg');
    expect(socketDirFor(`/srv/${'x'.repeat(90)}/pg`, 5432)).toBeNull();
    const tcp = 'postgres://u:p@127.0.0.1:5432/oj';
    expect(connectionOf(tcp)).toEqual({ url: tcp });
    const unix = connectionOf('postgres://u:p@localhost:6000/oj?host=%2Fsrv%2Foj%2Fpg&sslmode=disable');
    expect(unix).toEqual({ url: 'postgres://u:p@localhost:6000/oj?sslmode=disable', path: '/srv/oj/pg/.s.PGSQL.6000' });
  });
});
