// The web build's `Type` (typebox-web.ts) must hold every builder @oj/proto's schemas call, or a schema module would
// throw when the page loads; and each must be TypeBox's own builder.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Type as TypeBoxType } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Type } from './typebox-web';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test(-d)?\.ts$/.test(e.name) ? [p] : [];
  });
}

describe('typebox-web', () => {
  it("holds every builder proto's schemas call, TypeBox's own", () => {
    const used = new Set(sources(path.resolve(import.meta.dirname, '../../../proto/src')).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bType\.([A-Za-z]+)\(/g)].map((m) => m[1]!)));
    expect(used.has('Object')).toBe(true);
    expect([...used].filter((b) => !(b in Type)).sort()).toEqual([]);
    for (const [name, fn] of Object.entries(Type)) expect(fn, name).toBe((TypeBoxType as unknown as Record<string, unknown>)[name]);
  });
});
