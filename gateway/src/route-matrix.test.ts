// The route × role matrix: every route the gateway registers has an access rule (route-access.ts), and every route
// is called as anonymous and as each of the roles 1000–1008 (real users, real tokens, the real services): a caller
// the rule turns away gets 401/403 with the rule's refusal mark, a caller it lets through never does, and nothing
// answers 500 to an empty request.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, ROLE_PERMISSIONS, type RoleName } from '@oj/proto';
import type { Authenticator } from './auth';
import { installAccessRules, REFUSED_HEADER, ROUTE_ACCESS, ruleOf, type AccessRule } from './route-access';
import { startHarness, type Harness } from './test-harness';

const ROLES = Object.values(ROLE) as RoleName[];
let h: Harness;
const tokens = new Map<RoleName, string>();

beforeAll(async () => {
  h = await startHarness();
  for (const role of ROLES) {
    const name = `m_${role}`.slice(0, 20);
    await h.createUser(name, [role]);
    tokens.set(role, await h.login(name));
  }
});
afterAll(async () => h?.stop());

/** Whether the rule lets a caller with `role` (null: anonymous) through. */
function allows(rule: AccessRule, role: RoleName | null): boolean {
  if (rule.kind === 'open') return true;
  if (role === null) return false;
  if (rule.kind === 'login') return true;
  if (rule.kind === 'roles') return rule.roles.includes(role);
  if (rule.kind === 'any') return rule.rules.some((r) => allows(r, role));
  if (rule.kind === 'all') return rule.rules.every((r) => allows(r, role));
  return ROLE_PERMISSIONS[role].includes(rule.permission);
}

describe('route access rules', () => {
  it('every registered route has a rule, and every rule a route (the web app aside)', () => {
    const routes = h.gw.routes.filter((r) => !r.startsWith('HEAD '));
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) expect(ruleOf(r.split(' ')[0]!, r.split(' ')[1]!), r).toBeDefined();
    const stale = Object.keys(ROUTE_ACCESS).filter((k) => k !== 'GET /*' && !routes.includes(k));
    expect(stale).toEqual([]);
  });

  it('a route without a rule cannot be registered', async () => {
    const app = Fastify();
    installAccessRules(app, {} as Authenticator);
    expect(() => app.get('/api/unguarded-route', async () => 'x')).toThrow(/no access rule/);
    await app.close();
  });

  it('each route answers anonymous and roles 1000–1008 as its rule says, never 500', async () => {
    const callers: (RoleName | null)[] = [null, ...ROLES];
    const wrong: string[] = [];
    let calls = 0;
    for (const route of h.gw.routes) {
      const [method, url] = route.split(' ') as [string, string];
      if (method === 'HEAD' || url === '/healthz') continue;
      const rule = ruleOf(method, url)!;
      // Logging out would end the session the next routes use.
      if (url === '/api/logout') continue;
      for (const role of callers) {
        const res = await h.gw.app.inject({
          method: method as 'GET',
          url: url.replace(/:[a-zA-Z]+/g, 'x'),
          headers: role ? { authorization: tokens.get(role)! } : {},
          ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
        });
        calls++;
        const refused = res.headers[REFUSED_HEADER] === 'refused';
        const who = role ?? 'anonymous';
        if (res.statusCode >= 500) wrong.push(`${route} as ${who}: HTTP ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (allows(rule, role)) {
          if (refused) wrong.push(`${route} as ${who}: refused by the rule, which allows it`);
        } else {
          const status = (res.json() as { status: number }).status;
          const expected = role === null ? 401 : 403;
          if (!refused || status !== expected) wrong.push(`${route} as ${who}: expected a ${expected} refusal, got ${status}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  }, 180_000);
});
