// `pnpm backup <dir>`: a pg_dump of the database (custom format) and every test-data object of the NATS object
// store, with a manifest of sizes and sha256 sums. The database is dumped first: test-data objects are immutable and
// stored before the rows that name them, so every version the dump references is in the store when it is copied.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import postgres from 'postgres';
import { createNatsBus } from '@oj/services';
import { fileDigest } from './checksum';
import { DATABASE_FILE, MANIFEST_FILE, TESTDATA_DIR, testdataFileName, type BackupManifest } from './manifest';
import { pickPgTool } from './pg-tools';
import { pgEnv, runTool, splitPassword } from './run-tool';

export interface BackupTargets {
  databaseUrl: string;
  /** null: no NATS (the in-process bus keeps no test data across restarts), so only the database is saved. */
  natsUrl: string | null;
}

export type Log = (line: string) => void;

export async function serverVersion(databaseUrl: string): Promise<{ text: string; major: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [row] = await sql<{ server_version: string; num: string }[]>`
      select current_setting('server_version') as server_version, current_setting('server_version_num') as num`;
    return { text: row!.server_version, major: Math.floor(Number(row!.num) / 10000) };
  } finally {
    await sql.end();
  }
}

async function ensureEmptyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const entries = await readdir(dir);
  if (entries.length > 0) throw new Error(`${dir} is not empty: a backup goes into a new or empty directory`);
}

async function copyTestdata(natsUrl: string, dir: string, log: Log): Promise<BackupManifest['testdata']> {
  const bus = await createNatsBus({ url: natsUrl, name: 'oj-backup' });
  try {
    const out: BackupManifest['testdata'] = [];
    for (const { version } of await bus.listTestdata()) {
      const stream = await bus.getTestdataStream(version);
      if (!stream) continue; // deleted since the listing
      const file = testdataFileName(version);
      const hash = createHash('sha256');
      let size = 0;
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of stream) {
            hash.update(chunk);
            size += chunk.byteLength;
            yield chunk;
          }
        })(),
      );
      await pipeline(counted, createWriteStream(path.join(dir, file)));
      out.push({ version, file, size, sha256: hash.digest('hex') });
    }
    log(`test data: ${out.length} object(s), ${out.reduce((n, o) => n + o.size, 0)} bytes`);
    return out;
  } finally {
    await bus.close();
  }
}

export async function createBackup(targets: BackupTargets, dir: string, log: Log = () => {}): Promise<BackupManifest> {
  const root = path.resolve(dir);
  await ensureEmptyDir(root);
  await mkdir(path.join(root, TESTDATA_DIR));
  const version = await serverVersion(targets.databaseUrl);
  const pgDump = pickPgTool('pg_dump', version.major);
  const conn = splitPassword(targets.databaseUrl);
  const dumpFile = path.join(root, DATABASE_FILE);
  await runTool(pgDump.path, ['--format=custom', '--no-owner', '--no-acl', `--file=${dumpFile}`, `--dbname=${conn.url}`], pgEnv(conn));
  const dump = await fileDigest(dumpFile);
  log(`database: PostgreSQL ${version.text}, dumped with ${pgDump.path} (${dump.size} bytes)`);

  const testdata = targets.natsUrl ? await copyTestdata(targets.natsUrl, root, log) : [];
  if (!targets.natsUrl) log('test data: no NATS_URL, so no object store to copy (the in-process bus keeps none)');

  const manifest: BackupManifest = {
    format: 'oj-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: { file: DATABASE_FILE, serverVersion: version.text, pgDumpMajor: pgDump.major, ...dump },
    testdata,
  };
  // The manifest is written last, through a rename: a directory without one is an unfinished backup.
  const tmp = path.join(root, `${MANIFEST_FILE}.partial`);
  await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(tmp, path.join(root, MANIFEST_FILE));
  return manifest;
}
