// Import (one archive per call, upload progress over XHR, the server's steps pushed as `import.progress` under a
// key this page chooses) and export (`GET /api/file/export-problem?pid=…`, a zip) of problems.
import type { ImportResult } from '@oj/proto';
import { downloadFile, saveBlob } from '../../../lib/download';
import { uploadFile, type UploadProgress } from '../../../lib/upload';

export const IMPORT_FORMATS = [
  { key: 'hoj', path: '/file/import-problem', accept: '.zip' },
  { key: 'qduoj', path: '/file/import-qdoj-problem', accept: '.zip' },
  { key: 'fps', path: '/file/import-fps-problem', accept: '.xml,.zip' },
  { key: 'hydro', path: '/file/import-hydro-problem', accept: '.zip' },
  { key: 'icpc', path: '/file/import-icpc-problem', accept: '.zip' },
  { key: 'polygon', path: '/file/import-polygon-problem', accept: '.zip' },
] as const;
export type ImportFormatKey = (typeof IMPORT_FORMATS)[number]['key'];

export function importArchive(format: ImportFormatKey, file: File, progressKey: string, onProgress: (p: UploadProgress) => void): Promise<ImportResult> {
  const f = IMPORT_FORMATS.find((x) => x.key === format)!;
  // Large archives: the server reads, compiles and stores before answering.
  return uploadFile<ImportResult>(f.path, file, file.name, { query: { progressKey }, onProgress, timeoutMs: 30 * 60_000 });
}

export async function exportProblems(pids: readonly number[]): Promise<void> {
  const { blob, fileName } = await downloadFile('/file/export-problem', { pid: pids }, 'problems.zip');
  saveBlob(blob, fileName);
}
