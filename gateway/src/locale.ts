// Picks the caller's language for error messages: query `l`, then cookie `lang`, then Accept-Language.
import { DEFAULT_LOCALE, type Locale } from '@oj/proto';

/** Maps loose spellings (`en`, `en_US`, `zh-cn`, `zh-Hans`) to a supported locale; null when unsupported. */
export function normaliseLocale(raw: string | undefined | null): Locale | null {
  if (!raw) return null;
  const s = raw.trim().toLowerCase();
  if (s.startsWith('en')) return 'en-US';
  if (s.startsWith('zh')) return 'zh-CN';
  return null;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The first supported language of an Accept-Language header, by quality. */
function fromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, i };
    })
    .filter((x) => x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.i - b.i);
  for (const { tag } of ranked) {
    const l = normaliseLocale(tag);
    if (l) return l;
  }
  return null;
}

export interface LocaleSource {
  query?: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export function pickLocale(req: LocaleSource): Locale {
  const q = req.query && typeof req.query === 'object' ? (req.query as Record<string, unknown>).l : undefined;
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(',') : v;
  };
  return (
    normaliseLocale(typeof q === 'string' ? q : undefined) ??
    normaliseLocale(cookieValue(header('cookie'), 'lang')) ??
    fromAcceptLanguage(header('accept-language')) ??
    DEFAULT_LOCALE
  );
}
