// Archive readers and the export writer (being written; see docs/problem-import.md when it lands).
import { OjError } from '@oj/proto';
import type { ImportedProblem, ImportFormat } from './types';

export function readArchive(format: ImportFormat, _data: Buffer): ImportedProblem[] {
  throw new OjError('IMPORT_FAILED', { detail: `the ${format} reader is not available yet` });
}

export function writeHojArchive(_problems: ImportedProblem[]): Buffer {
  throw new OjError('IMPORT_FAILED', { detail: 'the export writer is not available yet' });
}
