// Runs a PostgreSQL client program with the connection's password in its environment (never on the command line,
// where `ps` shows it), and fails with the program's own message.
import { spawn } from 'node:child_process';

export interface PgConnection {
  /** The URL without its password. */
  url: string;
  password: string | null;
}

export function splitPassword(databaseUrl: string): PgConnection {
  const u = new URL(databaseUrl);
  const password = u.password ? decodeURIComponent(u.password) : null;
  u.password = '';
  return { url: u.toString(), password };
}

export function pgEnv(conn: PgConnection): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: '10' };
  if (conn.password !== null) env.PGPASSWORD = conn.password;
  return env;
}

/** Runs `file args`; resolves when it exits 0, else rejects with the last lines of its stderr. */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${file} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
