// Every import warning code of proto has its `import.warn.<CODE>` message in both admin catalogues, naming exactly
// the params the code declares, and each formats with them (valid ICU, nothing left unfilled).
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { IMPORT_WARNINGS, importWarningParams, type ImportWarningCode } from '@oj/proto';
import { adminMessagesEnUS } from './admin-messages.en-US';
import { adminMessagesZhCN } from './admin-messages.zh-CN';

const CATALOGUES = [
  ['zh-CN', adminMessagesZhCN as Record<string, string>],
  ['en-US', adminMessagesEnUS as Record<string, string>],
] as const;
const CODES = Object.keys(IMPORT_WARNINGS) as ImportWarningCode[];

/** The argument names an ICU message uses: `{name}`, `{name, number}`, `{name, plural, …}`. */
const argumentsOf = (message: string) => [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!))].sort();

describe('import warning messages', () => {
  it('has codes to check', () => {
    expect(CODES).toContain('ICPC_NO_TIME_LIMIT');
    expect(importWarningParams('PROBLEM_ID_TAKEN')).toEqual(['base', 'problemId']);
  });

  for (const [locale, catalogue] of CATALOGUES) {
    it(`${locale}: every code has a message with exactly its params`, () => {
      const missing = CODES.filter((c) => !catalogue[`import.warn.${c}`]?.trim());
      expect(missing).toEqual([]);
      const wrong = CODES.filter((c) => argumentsOf(catalogue[`import.warn.${c}`]!).join() !== importWarningParams(c).sort().join());
      expect(wrong.map((c) => `${c}: ${catalogue[`import.warn.${c}`]}`)).toEqual([]);
    });

    it(`${locale}: every message formats with its params`, () => {
      const errors: string[] = [];
      const intl = createIntl({ locale, messages: catalogue, onError: (e) => errors.push(String(e)) });
      for (const code of CODES) {
        const params = Object.fromEntries(importWarningParams(code).map((k) => [k, `<${k}>`]));
        const text = intl.formatMessage({ id: `import.warn.${code}` }, params);
        for (const k of Object.keys(params)) expect(text, code).toContain(`<${k}>`);
        expect(text, code).not.toMatch(/[{}]/);
      }
      expect(errors).toEqual([]);
    });
  }

  it('has no message for a code proto does not have', () => {
    for (const [, catalogue] of CATALOGUES) {
      const stray = Object.keys(catalogue).filter((k) => k.startsWith('import.warn.') && !CODES.includes(k.slice('import.warn.'.length) as ImportWarningCode));
      expect(stray).toEqual([]);
    }
  });
});
