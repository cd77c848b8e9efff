// Backup and restore of the database and the test-data object store (docs/backups.md).
export { createBackup, serverVersion, type BackupTargets, type Log } from './backup';
export { restoreBackup, type RestoreOptions } from './restore';
export { parseManifest, testdataFileName, MANIFEST_FILE, type BackupManifest } from './manifest';
export { fileDigest } from './checksum';
export { findPgTools, pickPgTool, type PgTool } from './pg-tools';
