// What an IntInput's text commits: a whole number not below the minimum, or nothing while the text is not a number
// yet (emptied to type another one).

/** The whole number `raw` stands for, at least `min`; null for an empty or unfinished text. */
export function intDraft(raw: string, min: number): number | null {
  const t = raw.trim();
  if (t === '' || !Number.isFinite(Number(t))) return null;
  return Math.max(min, Math.floor(Number(t)));
}
