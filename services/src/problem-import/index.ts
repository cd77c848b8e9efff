// Problem-archive readers and the export writer (docs/problem-import.md): `readArchive` turns an uploaded archive of
// one of the supported formats into checked problems, or fails naming the first bad entry; nothing is stored here.
import { importFailed } from './archive';
import { readFps } from './fps';
import { readHoj } from './hoj';
import { writeHojArchive } from './hoj-write';
import { readHydro } from './hydro';
import { readIcpc } from './icpc';
import { readPolygon } from './polygon';
import { readQduoj } from './qduoj';
import { IMPORT_LIMITS, type ImportedProblem, type ImportFormat } from './types';

export { writeHojArchive };

const READERS: Record<ImportFormat, (data: Buffer) => ImportedProblem[]> = {
  hoj: readHoj,
  qduoj: readQduoj,
  fps: readFps,
  hydro: readHydro,
  icpc: readIcpc,
  polygon: readPolygon,
};

/** The problems of archive `data` in `format`, checked; at most `IMPORT_LIMITS.problems` of them. */
export function readArchive(format: ImportFormat, data: Buffer): ImportedProblem[] {
  const read = Object.hasOwn(READERS, format) ? READERS[format] : undefined;
  if (!read) throw importFailed('UNKNOWN_FORMAT', { format: String(format) });
  const problems = read(data);
  if (problems.length > IMPORT_LIMITS.problems) throw importFailed('TOO_MANY_PROBLEMS', { count: problems.length, max: IMPORT_LIMITS.problems });
  return problems;
}
