// Typed reads of untrusted parsed JSON / YAML values: each answers the value when it has the wanted type and
// undefined otherwise (absent, null or another type), so readers never cast what an archive says.
export type Fields = Record<string, unknown>;

export const asObject = (v: unknown): Fields | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : undefined);
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export const str = (o: Fields | undefined, k: string): string | undefined => (typeof o?.[k] === 'string' ? (o[k] as string) : undefined);
export const num = (o: Fields | undefined, k: string): number | undefined => (typeof o?.[k] === 'number' && Number.isFinite(o[k]) ? (o[k] as number) : undefined);
export const bool = (o: Fields | undefined, k: string): boolean | undefined => (typeof o?.[k] === 'boolean' ? (o[k] as boolean) : undefined);

/** A string or a number as text (YAML reads `pid: 1001` as a number). */
export const text = (o: Fields | undefined, k: string): string | undefined => {
  const v = o?.[k];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
};

/** The strings of an array field (other items dropped). */
export const strings = (o: Fields | undefined, k: string): string[] => asArray(o?.[k]).filter((x): x is string => typeof x === 'string');

/** A `{ name: text }` map (a JSON object, or a JSON string holding one, as HOJ stores extra files); undefined otherwise. */
export function stringMap(v: unknown): Record<string, string> | undefined {
  let o = asObject(v);
  if (!o && typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      o = asObject(JSON.parse(v));
    } catch {
      return undefined;
    }
  }
  if (!o) return undefined;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(o)) if (typeof val === 'string') out[k] = val;
  return out;
}

/** A subtask dependency list `[{ groupNum, dependencies: [..] }]` (our export, LibreOJ's and Hydro's data configs read into it); undefined when malformed. */
export function subtaskDependencyList(v: unknown): { groupNum: number; dependencies: number[] }[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const isGroup = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 1;
  const out: { groupNum: number; dependencies: number[] }[] = [];
  for (const item of v) {
    const o = asObject(item);
    const deps = asArray(o?.dependencies);
    if (!o || !isGroup(o.groupNum) || !deps.every(isGroup)) return undefined;
    out.push({ groupNum: o.groupNum, dependencies: deps });
  }
  return out;
}
