// All languages (GET /api/languages), cached in localStorage so the editor has modes before the answer.
import { proxy } from 'valtio';
import type { Language as LanguageT } from '@oj/proto';
import { api } from '../lib/api';
import { decoders } from '../lib/decoders';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

const isLanguageList = (x: unknown): x is LanguageT[] =>
  Array.isArray(x) && x.every((l) => typeof l === 'object' && l !== null && typeof (l as { name?: unknown }).name === 'string');

export const languagesState = proxy<{ list: LanguageT[]; loaded: boolean }>({
  list: typeof window === 'undefined' ? [] : (readJson(STORAGE_KEYS.languages, isLanguageList) ?? []),
  loaded: false,
});

let loading: Promise<void> | null = null;

export function loadLanguages(): Promise<void> {
  loading ??= api
    .get('/languages', { query: { all: true }, silent: true, decode: decoders.languages })
    .then((list) => {
      languagesState.list = list;
      languagesState.loaded = true;
      writeJson(STORAGE_KEYS.languages, list);
    })
    .catch(() => {
      loading = null; // Keep the cached list; try again next time.
    });
  return loading;
}
