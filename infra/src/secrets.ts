// Secrets the embedded default generates once and keeps under the data dir (JWT key, PostgreSQL password).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface LocalSecrets {
  jwtSecret: string;
  pgPassword: string;
}

export async function loadOrCreateSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (
      parsed && typeof parsed === 'object' &&
      typeof (parsed as LocalSecrets).jwtSecret === 'string' &&
      typeof (parsed as LocalSecrets).pgPassword === 'string'
    ) {
      return parsed as LocalSecrets;
    }
    throw new Error(`${file} is damaged: remove it (the JWT key and the embedded database password are regenerated)`);
  }
  const secrets: LocalSecrets = { jwtSecret: randomBytes(48).toString('base64url'), pgPassword: randomBytes(18).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
