// Typed, exception-safe access to localStorage (private mode and quota errors must not break the page).

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value simply is not remembered.
  }
}

/** Reads JSON and checks it with `guard`; anything unreadable counts as absent. */
export function readJson<T>(key: string, guard: (x: unknown) => x is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return guard(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export const STORAGE_KEYS = {
  /** Where older versions kept the JWT (now an httpOnly cookie): cleared at logout. */
  legacyToken: 'token',
  user: 'userInfo',
  languages: 'languages',
  /** Per problem: `{ language, code }` (code and language are kept per problem). */
  problemCode: (problemId: string) => `problem-code:${problemId}`,
} as const;
