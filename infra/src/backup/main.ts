// `pnpm backup <dir>` and `pnpm restore <dir> [--replace]`. The targets come from DATABASE_URL and NATS_URL, else
// from the URL files a running `pnpm start` keeps in its data dir (OJ_DATA_DIR, default .data).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createBackup, type BackupTargets } from './backup';
import { restoreBackup } from './restore';

function fromDataDir(file: string): string | null {
  const p = path.resolve(process.env.OJ_DATA_DIR ?? '.data', file);
  return existsSync(p) ? readFileSync(p, 'utf8').trim() || null : null;
}

function targets(): BackupTargets {
  const databaseUrl = process.env.DATABASE_URL || fromDataDir('database.url');
  if (!databaseUrl) throw new Error('set DATABASE_URL (or run it beside a running `pnpm start`, which keeps .data/database.url)');
  return { databaseUrl, natsUrl: process.env.NATS_URL || fromDataDir('nats.url') };
}

async function main(): Promise<void> {
  const [command, dir, ...rest] = process.argv.slice(2);
  const log = (line: string) => console.log(`${command}: ${line}`);
  if ((command !== 'backup' && command !== 'restore') || !dir || rest.some((a) => a !== '--replace')) {
    throw new Error('usage: pnpm backup <new dir> | pnpm restore <backup dir> [--replace]');
  }
  if (command === 'backup') {
    await createBackup(targets(), dir, log);
    log(`done: ${path.resolve(dir)}`);
  } else {
    await restoreBackup(targets(), dir, { replace: rest.includes('--replace') }, log);
    log('done: start the judge again');
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
