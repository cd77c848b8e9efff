// A file input's choice, taken once. The input is emptied at once: the browser fires no `change` for the file it
// already holds, so choosing the same file again (corrected and saved under its name, or after a refusal) did nothing.
import type { ChangeEvent } from 'react';

export function takeFile(e: ChangeEvent<HTMLInputElement>): File | undefined {
  const file = e.target.files?.[0];
  e.target.value = '';
  return file;
}
