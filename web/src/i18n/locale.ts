// Which language the UI speaks: query `l`, then cookie `lang`, then the browser; zh-CN by default.
// Also a module-level `intl` so non-React code (api client, socket) can translate messages.
// Each catalogue is a chunk of its own: a visit loads only its language's (main.tsx waits for it before the first
// render), and the other one when the user switches (setLocale).
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { proxy } from 'valtio';
import { DEFAULT_LOCALE, type Locale } from '@oj/proto';
import type { MessageId } from './zh-CN';

export type Catalogue = Record<MessageId, string>;

const LOADERS: Record<Locale, () => Promise<Catalogue>> = {
  'zh-CN': () => import('./zh-CN').then((m) => m.zhCN),
  'en-US': () => import('./en-US').then((m) => m.enUS),
};
const loaded = new Map<Locale, Catalogue>();

/** Loads a language's messages (once); a failed load may be tried again. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const done = loaded.get(locale);
  if (done) return done;
  const cat = await LOADERS[locale]();
  loaded.set(locale, cat);
  return cat;
}

/** The messages of a loaded language (undefined until loaded: react-intl then shows the ids). */
export function catalogueOf(locale: Locale): Catalogue | undefined {
  return loaded.get(locale);
}

/** Maps loose tags (`en`, `zh_TW`, `EN-us`) to a supported locale, or null. */
export function normalizeLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if (t.startsWith('zh')) return 'zh-CN';
  if (t.startsWith('en')) return 'en-US';
  return null;
}

export function readCookie(cookie: string, name: string): string | null {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export function detectLocale(search: string, cookie: string, browser: readonly string[]): Locale {
  const fromQuery = normalizeLocale(new URLSearchParams(search).get('l'));
  if (fromQuery) return fromQuery;
  const fromCookie = normalizeLocale(readCookie(cookie, 'lang'));
  if (fromCookie) return fromCookie;
  for (const b of browser) {
    const n = normalizeLocale(b);
    if (n) return n;
  }
  return DEFAULT_LOCALE;
}

export const localeState = proxy<{ locale: Locale }>({
  locale:
    typeof window === 'undefined'
      ? DEFAULT_LOCALE
      : detectLocale(window.location.search, document.cookie, navigator.languages ?? [navigator.language]),
});

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

/** The intl object of the current locale, for code outside React components. */
export function getIntl(): IntlShape {
  const locale = localeState.locale;
  let intl = intls.get(locale);
  if (!intl) {
    const messages = loaded.get(locale);
    // Not cached before the catalogue is in, so the first call after its load gets the texts.
    if (!messages) return createIntl({ locale, defaultLocale: DEFAULT_LOCALE, onError: () => undefined }, cache);
    intl = createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** Switches the language (once its messages have loaded) and remembers it in the `lang` cookie (one year). */
export async function setLocale(locale: Locale): Promise<void> {
  await loadCatalogue(locale);
  localeState.locale = locale;
  document.cookie = `lang=${locale}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = locale;
  // A stale `l` in the address bar would win over the cookie on the next load.
  const url = new URL(window.location.href);
  if (url.searchParams.has('l')) {
    url.searchParams.delete('l');
    window.history.replaceState(window.history.state, '', url);
  }
}
