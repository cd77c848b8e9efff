// Finds the PostgreSQL client programs a backup needs: pg_dump refuses a server newer than itself, so the newest
// pg_dump / pg_restore whose major version is at least the server's is taken, from OJ_PG_BIN, then PATH, then
// Debian's /usr/lib/postgresql/<major>/bin.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface PgTool {
  path: string;
  major: number;
}

function majorOf(file: string): number | null {
  try {
    const out = execFileSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    const m = /\b(\d+)(?:\.\d+)?/.exec(out.replace(/^[^0-9]*/, ''));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function candidateDirs(env: NodeJS.ProcessEnv): string[] {
  const dirs: string[] = [];
  if (env.OJ_PG_BIN) dirs.push(env.OJ_PG_BIN);
  dirs.push(...(env.PATH ?? '').split(path.delimiter).filter(Boolean));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) dirs.push(path.join(debian, v, 'bin'));
  }
  return dirs;
}

/** Every copy of `name` found, newest major first. */
export function findPgTools(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): PgTool[] {
  const seen = new Set<string>();
  const found: PgTool[] = [];
  for (const dir of candidateDirs(env)) {
    const file = path.join(dir, name);
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const major = majorOf(file);
    if (major !== null) found.push({ path: file, major });
  }
  return found.sort((a, b) => b.major - a.major);
}

/** The pg tool to use against a server of `serverMajor`, or an error naming what to install. */
export function pickPgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number, env: NodeJS.ProcessEnv = process.env): PgTool {
  const tools = findPgTools(name, env);
  const fit = tools.find((t) => t.major >= serverMajor);
  if (fit) return fit;
  const have = tools.length ? tools.map((t) => `${t.path} (${t.major})`).join(', ') : 'none';
  throw new Error(
    `${name} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server; found: ${have}. ` +
      `Install the PostgreSQL ${serverMajor} client programs and point OJ_PG_BIN at their bin directory.`,
  );
}
