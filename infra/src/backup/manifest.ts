// The manifest of a backup directory: what it holds and the checksum of every file, checked before a restore
// touches anything.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'database.dump';
export const TESTDATA_DIR = 'testdata';

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });

export const BackupManifest = Type.Object({
  format: Type.Literal('oj-backup'),
  version: Type.Literal(1),
  createdAt: Type.String({ minLength: 1 }),
  database: Type.Object({
    file: Type.Literal(DATABASE_FILE),
    serverVersion: Type.String({ minLength: 1 }),
    pgDumpMajor: Type.Integer({ minimum: 1 }),
    size: Type.Integer({ minimum: 0 }),
    sha256: Sha256,
  }),
  testdata: Type.Array(
    Type.Object({
      version: Type.String({ minLength: 1, maxLength: 255 }),
      file: Type.String({ pattern: '^testdata/[A-Za-z0-9._%-]+$' }),
      size: Type.Integer({ minimum: 0 }),
      sha256: Sha256,
    }),
  ),
});
export type BackupManifest = Static<typeof BackupManifest>;

export function parseManifest(text: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`${MANIFEST_FILE} is not JSON`);
  }
  if (!Value.Check(BackupManifest, raw)) {
    const err = Value.Errors(BackupManifest, raw).First();
    throw new Error(`${MANIFEST_FILE} is not an oj backup manifest: ${err?.path || '/'} ${err?.message ?? ''}`.trim());
  }
  return raw;
}

/** A test-data version as a file name (versions are opaque strings; the name must stay inside the directory). */
export function testdataFileName(version: string): string {
  const safe = [...Buffer.from(version, 'utf8')]
    .map((b, i) => (/[A-Za-z0-9_-]/.test(String.fromCharCode(b)) || (b === 0x2e && i > 0) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`))
    .join('');
  return `${TESTDATA_DIR}/${safe}`;
}
