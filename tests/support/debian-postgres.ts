// A throwaway PostgreSQL cluster of the system's own packages (Debian's postgresql-15), for tests that need the
// server and its client programs to be the same major version (pg_dump refuses a newer server, and the suite's
// shared server is the embedded 17). Runs as the `postgres` system user, on a free port, password auth.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '@oj/infra/processes';

export interface DebianPostgres {
  major: number;
  bin: string;
  urlFor(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const PASSWORD = 'backup-test-pw';

function systemBin(): { bin: string; major: number } {
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  const major = majors.map(Number).sort((a, b) => b - a)[0];
  if (!major) throw new Error('no system PostgreSQL server (apt-get install -y postgresql-15): infra/scripts/install-system-packages.sh installs it');
  return { bin: path.join(base, String(major), 'bin'), major };
}

function uidOf(user: string): { uid: number; gid: number } {
  return {
    uid: Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim()),
  };
}

export async function startDebianPostgres(): Promise<DebianPostgres> {
  const { bin, major } = systemBin();
  const owner = uidOf('postgres');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oj-debian-pg-'));
  await chmod(dir, 0o755);
  await chown(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const pwfile = path.join(dir, 'pw');
  await writeFile(pwfile, PASSWORD);
  await chown(pwfile, owner.uid, owner.gid);
  const asPostgres = { uid: owner.uid, gid: owner.gid, encoding: 'utf8' as const };
  const init = spawnSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '--locale=C.UTF-8', '--encoding=UTF8'], asPostgres);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const opts = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir}`;
  const start = spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start'], asPostgres);
  if (start.status !== 0) throw new Error(`pg_ctl start failed: ${start.stderr}${start.stdout}`);
  const urlFor = (db: string) => `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${db}`;
  return {
    major,
    bin,
    urlFor,
    createDatabase: async (name) => {
      const sql = postgres(urlFor('postgres'), { max: 1, onnotice: () => {} });
      await sql.unsafe(`CREATE DATABASE "${name}"`);
      await sql.end();
    },
    stop: async () => {
      spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], asPostgres);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
