// The editor speaks the page's language: every English word the CodeMirror packages we load put on screen has a
// catalogue message, in Chinese for zh-CN (a zh-CN page showed "Fold line" on the fold gutter) and as is for en-US.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../i18n/en-US';
import { zhCN } from '../../i18n/zh-CN';
import { EDITOR_PHRASES, editorPhrases } from './editor-phrases';

const require = createRequire(import.meta.url);

/** The string literals a package's build passes to `phrase(…)`. */
function phrasesOf(pkg: string): string[] {
  const source = readFileSync(require.resolve(pkg).replace(/index\.cjs$/, 'index.js'), 'utf8');
  const found = new Set<string>();
  for (const call of source.matchAll(/phrase\(([^)]*)\)/g)) for (const lit of call[1]!.matchAll(/"([^"]+)"/g)) found.add(lit[1]!);
  return [...found];
}

describe('editor phrases', () => {
  const used = ['@codemirror/view', '@codemirror/language', '@codemirror/search', '@codemirror/commands'].flatMap(phrasesOf);

  it('cover every phrase of the CodeMirror packages the editor loads', () => {
    expect(used).toContain('Fold line');
    expect(used.filter((p) => !(p in EDITOR_PHRASES))).toEqual([]);
  });

  it('are Chinese in zh-CN, with CodeMirror’s $ kept', () => {
    const zh = editorPhrases((id) => zhCN[id as keyof typeof zhCN]);
    expect(zh['Fold line']).toBe('折叠此段');
    for (const [phrase, text] of Object.entries(zh)) {
      expect(text, phrase).toMatch(/[\u4e00-\u9fff]/);
      expect(text.split('$').length, phrase).toBe(phrase.split('$').length);
    }
  });

  it('are CodeMirror’s own words in en-US', () => {
    const en = editorPhrases((id) => enUS[id as keyof typeof enUS]);
    for (const [phrase, text] of Object.entries(en)) expect(text).toBe(phrase);
  });
});
