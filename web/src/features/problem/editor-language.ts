// Editor helpers: the CodeMirror mode of a language, its starting code, and the code remembered per problem.
// Each mode (@codemirror/lang-*, 40–100 KiB of parser tables each) is its own chunk, loaded when a language first
// needs it: the editor is editable at once, and highlighting follows when the mode has arrived.
import { useEffect, useMemo, useState } from 'react';
import type { Extension } from '@codemirror/state';
import { LOCAL_LANGUAGES, type Language } from '@oj/proto';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

export type ModeKey = 'cpp' | 'java' | 'javascript' | 'python';

const MODE_LOADERS: Record<ModeKey, () => Promise<Extension>> = {
  cpp: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
};

/** Picks the mode from the language's content type (CodeMirror 5 MIME names), then from its name; null: plain text. */
export function modeKeyFor(language: string, languages: readonly Pick<Language, 'name' | 'contentType'>[]): ModeKey | null {
  const contentType =
    languages.find((l) => l.name === language)?.contentType ?? LOCAL_LANGUAGES.find((l) => l.name === language)?.contentType ?? '';
  const key = `${contentType} ${language}`.toLowerCase();
  if (key.includes('java') && !key.includes('javascript')) return 'java';
  if (key.includes('python')) return 'python';
  if (key.includes('javascript') || key.includes('node')) return 'javascript';
  if (key.includes('csrc') || key.startsWith('c') || key.includes('c++')) return 'cpp';
  return null;
}

/** Modes loaded so far (one extension each, shared by every editor), and the loads under way. */
const loadedModes = new Map<ModeKey, Extension>();
const pendingModes = new Map<ModeKey, Promise<Extension>>();

export function loadLanguageMode(key: ModeKey): Promise<Extension> {
  const done = loadedModes.get(key);
  if (done) return Promise.resolve(done);
  let p = pendingModes.get(key);
  if (!p) {
    p = MODE_LOADERS[key]().then(
      (ext) => {
        loadedModes.set(key, ext);
        pendingModes.delete(key);
        return ext;
      },
      (e: unknown) => {
        pendingModes.delete(key); // a later render may try again (a chunk lost to a flaky network)
        throw e;
      },
    );
    pendingModes.set(key, p);
  }
  return p;
}

/**
 * The editor extensions of a language's mode: `[]` until its chunk has loaded (plain text meanwhile), then the mode.
 * Nothing is loaded while `enabled` is false (the editor asks once it is editable).
 */
export function useLanguageMode(language: string, languages: readonly Pick<Language, 'name' | 'contentType'>[], enabled = true): Extension[] {
  const key = enabled ? modeKeyFor(language, languages) : null;
  const [, setArrived] = useState<ModeKey | null>(null); // re-renders once the chunk is in
  useEffect(() => {
    if (!key || loadedModes.has(key)) return;
    let live = true;
    loadLanguageMode(key).then(
      () => live && setArrived(key),
      () => undefined, // highlighting only: the editor stays usable as plain text
    );
    return () => {
      live = false;
    };
  }, [key]);
  const ext = key ? loadedModes.get(key) : undefined;
  // The array keeps its identity until the mode changes, so CodeMirror is not reconfigured on every render.
  return useMemo(() => (ext ? [ext] : []), [ext]);
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
