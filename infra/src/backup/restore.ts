// `pnpm restore <dir>`: checks every file of a backup against its manifest before touching anything, puts the
// test-data objects back into the NATS object store (idempotent: objects already there are kept), then restores the
// database in ONE transaction (pg_restore's script through psql, committed only when all of it ran): a failed
// restore leaves the target database as it was. The judge's gateways, workers and runners must be stopped meanwhile.
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { createNatsBus } from '@oj/services';
import { serverVersion, type BackupTargets, type Log } from './backup';
import { fileDigest } from './checksum';
import { MANIFEST_FILE, parseManifest, type BackupManifest } from './manifest';
import { pickPgTool } from './pg-tools';
import { pgEnv, splitPassword } from './run-tool';

export interface RestoreOptions {
  /** Replace a database that already has tables (e.g. the freshly migrated one of a new install). */
  replace?: boolean;
}

async function verifyFiles(root: string, manifest: BackupManifest): Promise<void> {
  const files = [manifest.database, ...manifest.testdata];
  for (const f of files) {
    const got = await fileDigest(path.join(root, f.file)).catch(() => null);
    if (!got) throw new Error(`${f.file} is missing from the backup`);
    if (got.size !== f.size || got.sha256 !== f.sha256) throw new Error(`${f.file} does not match the manifest (damaged backup)`);
  }
}

async function userTableCount(databaseUrl: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`;
    return row!.n;
  } finally {
    await sql.end();
  }
}

async function putTestdata(natsUrl: string, root: string, manifest: BackupManifest, log: Log): Promise<void> {
  const bus = await createNatsBus({ url: natsUrl, name: 'oj-restore' });
  try {
    for (const o of manifest.testdata) {
      const file = path.join(root, o.file);
      await bus.putTestdata(o.version, { size: o.size, open: () => createReadStream(file) as AsyncIterable<Uint8Array> });
    }
    log(`test data: ${manifest.testdata.length} object(s) in the object store`);
  } finally {
    await bus.close();
  }
}

/**
 * pg_restore's SQL script piped into psql inside one transaction that this code opens and commits only after
 * pg_restore has written its whole script and exited 0: an error in the script stops psql (ON_ERROR_STOP), a
 * damaged dump stops pg_restore, and either way psql's connection closes with the transaction rolled back.
 */
function restoreDatabase(databaseUrl: string, dumpFile: string, major: number, replace: boolean): Promise<void> {
  const pgRestore = pickPgTool('pg_restore', major);
  const psql = path.join(path.dirname(pgRestore.path), 'psql');
  const conn = splitPassword(databaseUrl);
  const env = pgEnv(conn);
  const prelude = replace
    ? 'BEGIN;\nDROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n'
    : 'BEGIN;\n';
  return new Promise((resolve, reject) => {
    const restore = spawn(pgRestore.path, ['--no-owner', '--no-acl', '--file=-', dumpFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const sql = spawn(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', `--dbname=${conn.url}`], { env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    const keep = (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000));
    restore.stderr.on('data', keep);
    sql.stderr.on('data', keep);
    sql.stdin.on('error', () => {}); // psql stopping early is reported by its exit status
    sql.stdin.write(prelude);
    restore.stdout.pipe(sql.stdin, { end: false });
    const scriptDone = Promise.all([
      new Promise<number | null>((r) => restore.once('exit', (code) => r(code))),
      new Promise<void>((r) => restore.stdout.once('close', () => r())),
    ]);
    let committed = false;
    void scriptDone.then(([code]) => {
      committed = code === 0;
      sql.stdin.end(committed ? 'COMMIT;\n' : undefined);
    });
    restore.once('error', reject);
    sql.once('error', reject);
    sql.once('exit', (code) => {
      void scriptDone.then(() => {
        if (code === 0 && committed) resolve();
        else reject(new Error(`the database restore failed and was rolled back: ${stderr.trim() || `psql exit ${code}`}`));
      });
    });
  });
}

export async function restoreBackup(targets: BackupTargets, dir: string, opts: RestoreOptions = {}, log: Log = () => {}): Promise<BackupManifest> {
  const root = path.resolve(dir);
  const manifestText = await readFile(path.join(root, MANIFEST_FILE), 'utf8').catch(() => {
    throw new Error(`${path.join(root, MANIFEST_FILE)} is missing: not a finished backup`);
  });
  const manifest = parseManifest(manifestText);
  await verifyFiles(root, manifest);
  log(`backup of ${manifest.createdAt}: ${manifest.testdata.length + 1} file(s) match the manifest`);

  const tables = await userTableCount(targets.databaseUrl);
  if (tables > 0 && !opts.replace) {
    throw new Error(`the target database already has ${tables} table(s): restore into an empty database, or pass --replace`);
  }
  if (manifest.testdata.length > 0 && !targets.natsUrl) throw new Error('the backup holds test data: NATS_URL is needed to restore it');
  if (targets.natsUrl) await putTestdata(targets.natsUrl, root, manifest, log);

  const version = await serverVersion(targets.databaseUrl);
  await restoreDatabase(targets.databaseUrl, path.join(root, manifest.database.file), Math.max(version.major, manifest.database.pgDumpMajor), tables > 0);
  log(`database: restored into PostgreSQL ${version.text}`);
  return manifest;
}
