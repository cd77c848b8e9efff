// One import warning in the page's language: its code's catalogue message with its params, or the server's English
// sentence when the page does not know the code (a server newer than the page, or an older one that sent none).
import type { IntlShape } from 'react-intl';
import { isImportWarningCode, type ImportWarning } from '@oj/proto';

export function importWarningText(intl: IntlShape, w: ImportWarning): string {
  return isImportWarningCode(w.code) ? intl.formatMessage({ id: `import.warn.${w.code}` }, w.params) : w.message;
}
