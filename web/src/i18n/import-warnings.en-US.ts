// The problem importer's warnings, English: proto's sentences themselves (the import answer's `message`), so the page
// and the API say the same.
import { IMPORT_WARNINGS } from '@oj/proto';
import type { ImportWarningMessageId } from './import-warnings.zh-CN';

export const importWarningsEnUS = Object.fromEntries(Object.entries(IMPORT_WARNINGS).map(([code, message]) => [`import.warn.${code}`, message])) as Record<ImportWarningMessageId, string>;
