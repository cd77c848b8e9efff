// The security headers of every answer (HTML, scripts, REST, errors): a Content-Security-Policy the app passes
// (scripts only from our origin, inline ones only by hash), no framing, no MIME sniffing, a strict referrer policy.
// The inline scripts of the built index.html (the first-load script of vite-early-requests.ts, the route preloads)
// are hashed from the file itself (again when it is rebuilt), so a new build or a new inline script needs no change here.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** `'sha256-…'` sources of every inline `<script>` (one without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/**
 * The policy. Styles may be inline: CodeMirror and the dialog library inject `<style>` elements and React sets
 * style attributes (CSS cannot run script; the injection risk CSP exists for is script). Images may come from
 * https (problem statements link external pictures) and data:/blob: URLs (captchas, avatar crops).
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const STATIC_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // For browsers older than frame-ancestors.
  'X-Frame-Options': 'DENY',
} as const;

/** How often, at most, the gateway looks whether index.html was rebuilt (a web deploy without a restart). */
const INDEX_CHECK_MS = 1000;

/**
 * The policy of `index` (none: no inline script allowed), read again when the file's mtime or size changes, checked
 * at most once every INDEX_CHECK_MS: a web build deployed under a running gateway gets its own hashes.
 */
export function policySource(index: string | null, now: () => number = Date.now): () => string {
  let checkedAt = -Infinity;
  let stamp = '';
  let policy = contentSecurityPolicy([]);
  return () => {
    if (!index || now() - checkedAt < INDEX_CHECK_MS) return policy;
    checkedAt = now();
    try {
      const st = statSync(index);
      const next = `${st.mtimeMs}:${st.size}`;
      if (next !== stamp) {
        policy = contentSecurityPolicy(inlineScriptHashes(readFileSync(index, 'utf8')));
        stamp = next;
      }
    } catch {
      // No index.html (an API-only gateway, or a build in progress): keep the last policy.
    }
    return policy;
  };
}

/** Adds the headers to every answer of `app`; the hashes come from `webDist`'s index.html when there is one. */
export function installSecurityHeaders(app: FastifyInstance, webDist?: string): void {
  const policy = policySource(webDist ? path.join(webDist, 'index.html') : null);
  app.addHook('onSend', async (_req, reply) => {
    reply.headers(STATIC_SECURITY_HEADERS);
    reply.header('Content-Security-Policy', policy());
  });
}
