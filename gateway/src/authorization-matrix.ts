// Renders docs/authorization-matrix.md: every route of ROUTE_ACCESS × anonymous and the roles 1000–1008, allowed or
// refused by its access rule, with permissions as the seed assigns them (ROLE_PERMISSIONS; the super admin can
// change the assignment at /admin/role_auth). `authorization-matrix.test.ts` fails when the committed file differs.
// Regenerate: pnpm exec tsx gateway/src/authorization-matrix.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE_CODE, ROLE_PERMISSIONS, type RoleName } from '@oj/proto';
import { admits, ROUTE_ACCESS, type AccessRule } from './route-access';

export const MATRIX_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/authorization-matrix.md');
export const MATRIX_COMMAND = 'pnpm exec tsx gateway/src/authorization-matrix.ts';

const ROLES = (Object.entries(ROLE_CODE) as [RoleName, number][]).sort((a, b) => a[1] - b[1]);

/** A rule in a few characters: `open`, `login`, `roles(root|admin)`, `perm(submit)` (also the OpenAPI `x-access`). */
export function ruleText(rule: AccessRule): string {
  switch (rule.kind) {
    case 'open':
    case 'login':
      return rule.kind;
    case 'roles':
      return `roles(${rule.roles.join('|')})`;
    case 'permission':
      return `perm(${rule.permission})`;
    case 'any':
      return rule.rules.map(ruleText).join(' or ');
    case 'all':
      return rule.rules.map(ruleText).join(' and ');
  }
}

export function renderMatrix(): string {
  const head = ['route', 'rule', 'anonymous', ...ROLES.map(([r, code]) => `${code} ${r}`)];
  const lines = [
    '# Authorization matrix',
    '',
    `Generated from \`gateway/src/route-access.ts\` by \`${MATRIX_COMMAND}\`; \`gateway/src/authorization-matrix.test.ts\``,
    'fails when this file is out of date, and `gateway/src/route-matrix.test.ts` calls every route as each caller and',
    'checks the answers follow these rules. ✓ the rule lets the caller through (the service may still refuse, e.g. for',
    'ownership); ✗ refused (401 anonymous, 403 signed in). Permissions are those the seed assigns each role',
    '(`ROLE_PERMISSIONS`); the super admin can change the assignment at `/admin/role_auth`, which changes the `perm(…)`',
    'rows at once.',
    '',
    'A problem admin (1008) reaches the problem bank (problems, test data, tags, import checks, self-check) and nothing',
    'else: the dashboard, contest, training, discussion, user and site pages are for root and admin (the original product also let',
    '`problem_admin` into the dashboard and the contest admin).',
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
  ];
  for (const [route, rule] of Object.entries(ROUTE_ACCESS)) {
    const cells = [rule.kind === 'open' ? '✓' : '✗', ...ROLES.map(([role]) => (admits(rule, { roles: [role], permissions: ROLE_PERMISSIONS[role] }) ? '✓' : '✗'))];
    lines.push(`| \`${route.replace(/\|/g, '\\|')}\` | ${ruleText(rule).replace(/\|/g, '\\|')} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n') + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(MATRIX_FILE, renderMatrix());
  console.log(`wrote ${MATRIX_FILE}`);
}
