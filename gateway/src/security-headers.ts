// The security headers of every answer (HTML, scripts, REST, errors): a Content-Security-Policy the app passes
// (scripts only from our origin, inline ones only by hash), no framing, no MIME sniffing, a strict referrer policy.
// The inline scripts of the built index.html (the first-load script of vite-early-requests.ts, the route preloads)
// are hashed when the gateway starts, so a rebuilt page or a new inline script needs no change here.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
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

/** Adds the headers to every answer of `app`; the hashes come from `webDist`'s index.html when there is one. */
export function installSecurityHeaders(app: FastifyInstance, webDist?: string): void {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hashes = index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  const headers = { ...STATIC_SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(hashes) };
  app.addHook('onSend', async (_req, reply) => {
    reply.headers(headers);
  });
}
