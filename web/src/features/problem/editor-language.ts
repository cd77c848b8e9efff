// Editor helpers: the CodeMirror mode of a language, its starting code, and the code remembered per problem.
import type { Extension } from '@uiw/react-codemirror';
import { cpp } from '@codemirror/lang-cpp';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { LOCAL_LANGUAGES, type Language } from '@oj/proto';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

/** Picks the mode from the language's content type (CodeMirror 5 MIME names), then from its name. */
export function modeFor(language: string, languages: readonly Pick<Language, 'name' | 'contentType'>[]): Extension[] {
  const contentType =
    languages.find((l) => l.name === language)?.contentType ?? LOCAL_LANGUAGES.find((l) => l.name === language)?.contentType ?? '';
  const key = `${contentType} ${language}`.toLowerCase();
  if (key.includes('java') && !key.includes('javascript')) return [java()];
  if (key.includes('python')) return [python()];
  if (key.includes('javascript') || key.includes('node')) return [javascript()];
  if (key.includes('csrc') || key.startsWith('c') || key.includes('c++')) return [cpp()];
  return [];
}

/** The problem's own template for the language, else the language's A+B template, else nothing. */
export function templateFor(
  language: string,
  problemTemplates: Readonly<Record<string, string>>,
  languages: readonly Pick<Language, 'name' | 'template' | 'codeTemplate'>[],
): string {
  return (
    problemTemplates[language] ??
    languages.find((l) => l.name === language)?.codeTemplate ??
    languages.find((l) => l.name === language)?.template ??
    LOCAL_LANGUAGES.find((l) => l.name === language)?.template ??
    ''
  );
}

export interface SavedCode {
  language: string;
  code: string;
}

const isSaved = (x: unknown): x is SavedCode =>
  typeof x === 'object' && x !== null && typeof (x as SavedCode).language === 'string' && typeof (x as SavedCode).code === 'string';

export const loadSavedCode = (problemId: string) => readJson(STORAGE_KEYS.problemCode(problemId), isSaved);
export const saveCode = (problemId: string, saved: SavedCode) => writeJson(STORAGE_KEYS.problemCode(problemId), saved);
