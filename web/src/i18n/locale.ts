// Which language the UI speaks (detect-locale.ts: query `l`, then cookie `lang`, then the browser; zh-CN by default).
// Also a module-level `intl` so non-React code (api client, socket) can translate messages.
// Each catalogue is a chunk of its own: a visit loads only its language's (main.tsx waits for it before the first
// render), and the other one when the user switches (setLocale). The admin pages' messages are a second part of each
// catalogue, loaded by the admin area when it is first opened (loadAdminMessages): the public pages never download them.
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { proxy } from 'valtio';
import { DEFAULT_LOCALE, type Locale } from '@oj/proto';
import { detectLocale } from './detect-locale';
import type { MessageId } from './zh-CN';

export type Catalogue = Record<MessageId, string>;
type Part = 'public' | 'admin';
type Messages = Partial<Catalogue>;

const LOADERS: Record<Part, Record<Locale, () => Promise<Messages>>> = {
  public: {
    'zh-CN': () => import('./zh-CN').then((m) => m.zhCN),
    'en-US': () => import('./en-US').then((m) => m.enUS),
  },
  admin: {
    'zh-CN': () => import('./admin-messages.zh-CN').then((m) => m.adminMessagesZhCN),
    'en-US': () => import('./admin-messages.en-US').then((m) => m.adminMessagesEnUS),
  },
};
/** The parts every language load brings: the public one, and the admin one once the admin area asked for it. */
const wanted = new Set<Part>(['public']);
const parts = new Map<`${Locale}:${Part}`, Messages>();
/** Per language, its loaded parts merged: a new object whenever a part joins, so the IntlProvider takes it. */
const loaded = new Map<Locale, { parts: number; messages: Catalogue }>();

/** Loads a language's messages (every wanted part, once); a failed load may be tried again. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const want = [...wanted];
  await Promise.all(
    want.map(async (part) => {
      if (!parts.has(`${locale}:${part}`)) parts.set(`${locale}:${part}`, await LOADERS[part][locale]());
    }),
  );
  const done = loaded.get(locale);
  if (done && done.parts === want.length) return done.messages;
  const messages = Object.assign({}, ...want.map((part) => parts.get(`${locale}:${part}`))) as Catalogue;
  loaded.set(locale, { parts: want.length, messages });
  localeState.revision++;
  return messages;
}

let adminMessages: Promise<void> | null = null;

/** The admin pages' messages, in the current language (and in any language switched to afterwards). */
export function loadAdminMessages(): Promise<void> {
  wanted.add('admin');
  adminMessages ??= loadCatalogue(localeState.locale).then(
    () => undefined,
    (e: unknown) => {
      adminMessages = null;
      throw e;
    },
  );
  return adminMessages;
}

/** The messages of a loaded language (undefined until loaded: react-intl then shows the ids). */
export function catalogueOf(locale: Locale): Catalogue | undefined {
  return loaded.get(locale)?.messages;
}

/** `revision` moves when a catalogue part has loaded: the app then renders with the new messages. */
export const localeState = proxy<{ locale: Locale; revision: number }>({
  revision: 0,
  locale:
    typeof window === 'undefined'
      ? DEFAULT_LOCALE
      : detectLocale(window.location.search, document.cookie, navigator.languages ?? [navigator.language], DEFAULT_LOCALE),
});

const cache = createIntlCache();
const intls = new Map<Locale, { messages: Catalogue; intl: IntlShape }>();

/** The intl object of the current locale, for code outside React components. */
export function getIntl(): IntlShape {
  const locale = localeState.locale;
  const messages = catalogueOf(locale);
  // Not cached before the catalogue is in, so the first call after its load gets the texts.
  if (!messages) return createIntl({ locale, defaultLocale: DEFAULT_LOCALE, onError: () => undefined }, cache);
  let entry = intls.get(locale);
  if (entry?.messages !== messages) {
    entry = { messages, intl: createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE }, cache) };
    intls.set(locale, entry);
  }
  return entry.intl;
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
