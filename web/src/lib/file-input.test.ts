import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { takeFile } from './file-input';

/** The part of a change event takeFile reads: the input's files and its value (the chosen path). */
function changeOf(files: File[]): { target: { files: File[]; value: string } } {
  return { target: { files, value: files.length ? `C:\\fakepath\\${files[0]!.name}` : '' } };
}

describe('takeFile', () => {
  it('returns the chosen file and empties the input, so the same file chosen again fires change again', () => {
    const file = new File(['username,password\n'], 'students.csv', { type: 'text/csv' });
    const e = changeOf([file]);
    expect(takeFile(e as unknown as ChangeEvent<HTMLInputElement>)).toBe(file);
    expect(e.target.value).toBe('');
  });

  it('returns nothing when the choice was cancelled', () => {
    expect(takeFile(changeOf([]) as unknown as ChangeEvent<HTMLInputElement>)).toBeUndefined();
  });
});
