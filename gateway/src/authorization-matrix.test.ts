// docs/authorization-matrix.md is generated from the access rules and must be kept in step with them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MATRIX_COMMAND, MATRIX_FILE, renderMatrix } from './authorization-matrix';
import { ROUTE_ACCESS } from './route-access';

describe('authorization matrix', () => {
  it('the committed docs/authorization-matrix.md is the generated one', () => {
    const committed = readFileSync(MATRIX_FILE, 'utf8');
    expect(committed === renderMatrix(), `docs/authorization-matrix.md is out of date: run \`${MATRIX_COMMAND}\``).toBe(true);
  });

  it('has one row per route, and refuses the user admin routes to everyone but the super admin', () => {
    const rows = renderMatrix().split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toHaveLength(Object.keys(ROUTE_ACCESS).length);
    const row = rows.find((l) => l.startsWith('| `GET /api/admin/user/get-user-list`'))!;
    const cells = row.split(' | ').map((c) => c.replace(/\s*\|$/, ''));
    // anonymous, then 1000 root … 1008 problem_admin
    expect(cells.slice(2)).toEqual(['✗', '✓', '✗', '✗', '✗', '✗', '✗', '✗', '✗', '✗']);
  });
});
