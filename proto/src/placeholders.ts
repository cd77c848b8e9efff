// `{name}` placeholders of the catalogues' message templates (import warnings and refusals): their names as a type,
// so a message's params are read off its sentence, and filled in at run time.

/** The `{name}` placeholders of a message, as a union of names. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer R}` ? P | Placeholders<R> : never;

/** The params a message takes: each placeholder of its sentence, a string or a number (lists are joined into one string). */
export type PlaceholderParams<S extends string> = { [K in Placeholders<S>]: string | number };

/** Params as rest arguments: none for a message that names none, else exactly its params. */
export type ParamsArgs<P> = keyof P extends never ? [] : [params: P];

/** The names of a message's placeholders, in order of first use. */
export function placeholderNames(message: string): string[] {
  return [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** A message with its placeholders filled in (a missing param leaves nothing). */
export function fillPlaceholders(message: string, params: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
