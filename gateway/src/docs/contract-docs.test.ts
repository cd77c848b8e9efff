// The contract documents are generated, never hand-kept: docs/openapi.json must equal the document this gateway
// generates from its routes' TypeBox schemas, /api/docs serves the same, and docs/realtime.md must describe every
// member of the push-event union. `pnpm openapi` runs this file with OJ_UPDATE_DOCS=1, which rewrites both files.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_EVENT_NAMES, PUSH_EVENTS } from '@oj/proto';
import { startHarness, type Harness } from '../test-harness';
import { OPENAPI_FILE, openApiText, REALTIME_FILE, realtimeContractTable, withRealtimeTable } from './contract-docs';
import { openApiDocument } from './openapi';

const update = process.env.OJ_UPDATE_DOCS === '1';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

interface Operation {
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  'x-access'?: string;
  security?: unknown[];
}
type Paths = Record<string, Record<string, Operation>>;

/** A TypeBox schema as plain JSON, a record written as OpenAPI writes it (`additionalProperties`, not `^(.*)$`). */
function asOpenApi(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema), (_k, v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v) || !('patternProperties' in v)) return v;
    const { patternProperties, ...rest } = v as { patternProperties: Record<string, unknown> };
    const keys = Object.keys(patternProperties);
    return keys.length === 1 && keys[0] === '^(.*)$' ? { ...rest, additionalProperties: patternProperties[keys[0]] } : v;
  }) as unknown;
}

describe('the OpenAPI document', () => {
  it('docs/openapi.json is what the gateway generates (run `pnpm openapi` after changing a route)', async () => {
    const text = openApiText(openApiDocument(h.gw.app));
    if (update) await writeFile(OPENAPI_FILE, text);
    const onDisk = await readFile(OPENAPI_FILE, 'utf8');
    expect(onDisk === text, 'docs/openapi.json is stale: run `pnpm openapi`').toBe(true);
  });

  it('has every registered route, with the schemas it validates and its access rule', () => {
    const doc = openApiDocument(h.gw.app) as { openapi: string; paths: Paths };
    expect(doc.openapi).toBe('3.1.0');
    let checked = 0;
    for (const { method, url, schema } of h.gw.routeTable) {
      if (method === 'HEAD' || url === '/*') continue;
      const op = doc.paths[url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(op, `${method} ${url}`).toBeDefined();
      expect(op!['x-access'], `${method} ${url}`).toMatch(/^(open|login|roles\(|perm\()/);
      expect(op!.security !== undefined, `${method} ${url} security`).toBe(op!['x-access'] !== 'open');
      const query = (schema?.querystring as { properties?: Record<string, unknown>; required?: string[] } | undefined) ?? undefined;
      for (const [name, prop] of Object.entries(query?.properties ?? {})) {
        const p = op!.parameters?.find((x) => x.in === 'query' && x.name === name);
        expect(p, `${method} ${url} ?${name}`).toBeDefined();
        expect(p!.required).toBe(query!.required?.includes(name) ?? false);
        expect(p!.schema).toEqual(asOpenApi(prop));
      }
      if (schema?.body) expect(op!.requestBody?.content['application/json']?.schema).toEqual(asOpenApi(schema.body));
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
    // The submit call, as a client reads it.
    const submit = doc.paths['/api/submit-problem-judge']!.post!;
    expect(submit['x-access']).toBe('perm(submit)');
    expect(Object.keys((submit.requestBody!.content['application/json']!.schema as { properties: object }).properties)).toEqual(
      expect.arrayContaining(['pid', 'language', 'code']),
    );
  });

  it('is served at /api/docs/openapi.json and listed at /api/docs, to anyone', async () => {
    const json = await h.gw.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(JSON.parse(await readFile(OPENAPI_FILE, 'utf8')));
    const page = await h.gw.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!127)/);
    for (const path of Object.keys((json.json() as { paths: Paths }).paths)) expect(page.body).toContain(`${path.replace(/&/g, '&#38;')}</code>`);
    expect(page.body).toContain('<code>POST /api/submit-problem-judge</code> — perm(submit)');
  });
});

describe('docs/realtime.md', () => {
  it('holds the current table of the push-event union (run `pnpm openapi` after changing PUSH_EVENTS)', async () => {
    const md = await readFile(REALTIME_FILE, 'utf8');
    const current = withRealtimeTable(md);
    if (update && current !== md) await writeFile(REALTIME_FILE, current);
    const onDisk = await readFile(REALTIME_FILE, 'utf8');
    expect(onDisk === current, 'the generated table of docs/realtime.md is stale: run `pnpm openapi`').toBe(true);
    for (const e of PUSH_EVENT_NAMES) {
      expect(realtimeContractTable()).toContain(`| \`${e}\` | ${PUSH_EVENTS[e].topics.map((t) => `\`${t}\``).join(', ')} |`);
    }
  });

  it('lists every topic kind the events are published on in the topics table', async () => {
    const md = await readFile(REALTIME_FILE, 'utf8');
    const kinds = new Set(PUSH_EVENT_NAMES.flatMap((e) => PUSH_EVENTS[e].topics as readonly string[]));
    expect(kinds.size).toBeGreaterThanOrEqual(11);
    const missing = [...kinds].filter((k) => !md.includes(`| \`${k}\` |`) && !md.includes(`| \`${k}:<`));
    expect(missing, 'topic kinds missing from the topics table of docs/realtime.md').toEqual([]);
  });

  it('describes every event of the union in words', async () => {
    const md = await readFile(REALTIME_FILE, 'utf8');
    const undocumented = PUSH_EVENT_NAMES.filter((e) => !md.includes(`- \`${e}\``) && !md.includes(`\`${e}\` (on`));
    expect(undocumented, 'events without a description in docs/realtime.md').toEqual([]);
  });
});
