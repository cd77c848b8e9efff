// The admin menu's education group: shown to a teacher (an admin holding a lesson string) and root, not to an admin
// without the strings, a problem admin or a student.
import { describe, expect, it } from 'vitest';
import { ROLE } from '@oj/proto';
import { visibleMenu } from './admin-menu';

const paths = (roles: string[], permissions: string[]) => visibleMenu(roles, permissions).flatMap((g) => g.items.map((i) => i.path));
const EDUCATION = ['/admin/grades', '/admin/classes', '/admin/course'];

describe('admin menu, education pages', () => {
  it('lists grades, classes and courses for a teacher and root', () => {
    expect(paths([ROLE.ADMIN], ['lesson_add', 'course_learn'])).toEqual(expect.arrayContaining(EDUCATION));
    expect(paths([ROLE.ROOT], [])).toEqual(expect.arrayContaining(EDUCATION));
  });

  it('leaves them out for an admin without a lesson string, a problem admin and a student', () => {
    for (const [roles, permissions] of [
      [[ROLE.ADMIN], ['course_learn']],
      [[ROLE.PROBLEM_ADMIN], ['lesson_add']],
      [[ROLE.DEFAULT_USER], ['course_learn', 'lesson_add']],
    ] as [string[], string[]][]) {
      const shown = paths(roles, permissions);
      for (const p of EDUCATION) expect(shown).not.toContain(p);
    }
    // The admin still sees the rest of their menu.
    expect(paths([ROLE.ADMIN], [])).toContain('/admin/contest');
  });
});
