// `@sinclair/typebox/errors` for the web build (vite.config.ts resolves it here). proto's `decode` asks
// `Errors(schema, value).First()` only for the detail of a BAD_PAYLOAD, which the web client writes to the console;
// TypeBox's error module (≈ 17 KiB, every kind of failure explained) is left out of the first load, and the detail
// here is the path of the first value that fails, found with `Check` alone (which decode loads anyway).
import type { TSchema } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';

export interface FirstError {
  path: string;
  message: string;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function first(schema: TSchema, value: unknown, path: string): FirstError | undefined {
  if (Check(schema, value)) return undefined;
  if (schema.type === 'object' && isRecord(schema.properties) && isRecord(value)) {
    const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
    for (const [key, sub] of Object.entries(schema.properties as Record<string, TSchema>)) {
      if (!(key in value)) {
        if (required.has(key)) return { path: `${path}/${key}`, message: 'Expected required property' };
        continue;
      }
      const e = first(sub, value[key], `${path}/${key}`);
      if (e) return e;
    }
  }
  const items: unknown = value;
  if (schema.type === 'array' && Array.isArray(items) && schema.items) {
    for (const [i, item] of items.entries()) {
      const e = first(schema.items as TSchema, item, `${path}/${i}`);
      if (e) return e;
    }
  }
  const expected = schema.const !== undefined ? JSON.stringify(schema.const) : typeof schema.type === 'string' ? schema.type : 'a matching value';
  return { path, message: `Expected ${expected}` };
}

export function Errors(schema: TSchema, value: unknown): { First(): FirstError | undefined } {
  return { First: () => first(schema, value, '') };
}
