// Which language the UI speaks: query `l`, then cookie `lang`, then the browser's languages, else `fallback`.
// Self-contained (no imports at run time, no outer names): index.html runs its source text too, before any module has
// loaded, to start the language's catalogue (lib/early-requests.ts, vite-early-requests.ts).
import type { Locale } from '@oj/proto';

export function detectLocale(search: string, cookie: string, browser: readonly string[], fallback: Locale): Locale {
  // Loose tags (`en`, `zh_TW`, `EN-us`) map to a supported locale.
  const normalize = (tag: string | null | undefined): Locale | null => {
    const t = (tag ?? '').trim().toLowerCase();
    if (t.startsWith('zh')) return 'zh-CN';
    if (t.startsWith('en')) return 'en-US';
    return null;
  };
  const fromCookie = (): string | null => {
    for (const part of cookie.split(';')) {
      const [k, ...v] = part.trim().split('=');
      if (k !== 'lang') continue;
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return null;
      }
    }
    return null;
  };
  for (const tag of [new URLSearchParams(search).get('l'), fromCookie(), ...browser]) {
    const locale = normalize(tag);
    if (locale) return locale;
  }
  return fallback;
}
