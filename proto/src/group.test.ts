// The group form's and the application's rules (shared by the web form and the services), first broken rule first.
import { describe, expect, it } from 'vitest';
import { GROUP_AUTH, groupApplyProblem, groupFormProblem, type GroupBody } from './group';

const form: GroupBody = { name: 'Class of 2026', shortName: 'cls26', brief: 'A class', description: 'Weekly problems', auth: GROUP_AUTH.PUBLIC };
const code = (b: GroupBody, opts?: Parameters<typeof groupFormProblem>[1]) => groupFormProblem(b, opts)?.code ?? null;

describe('groupFormProblem', () => {
  it('accepts a valid form, counting characters (not bytes)', () => {
    expect(code(form)).toBeNull();
    expect(code({ ...form, shortName: '算法训练队', name: '算法竞赛训练队' })).toBeNull();
    expect(code({ ...form, auth: GROUP_AUTH.PRIVATE, code: '密码是六个字' })).toBeNull();
  });

  it('names the first broken rule with its bounds', () => {
    expect(groupFormProblem({ ...form, name: 'abcd' })).toEqual({ code: 'GROUP_NAME_LENGTH', params: { min: 5, max: 25 } });
    expect(code({ ...form, name: ' ', brief: '' })).toBe('GROUP_NAME_REQUIRED');
    expect(code({ ...form, shortName: 'x'.repeat(11) })).toBe('GROUP_SHORT_NAME_LENGTH');
    expect(code({ ...form, brief: 'x'.repeat(51) })).toBe('GROUP_BRIEF_LENGTH');
    expect(code({ ...form, auth: undefined })).toBe('GROUP_AUTH_REQUIRED');
    expect(groupFormProblem({ ...form, auth: GROUP_AUTH.PROTECTED, code: '12345' })).toEqual({ code: 'GROUP_CODE_LENGTH', params: { length: 6 } });
    expect(code({ ...form, description: null })).toBe('GROUP_DESCRIPTION_REQUIRED');
    expect(code({ ...form, description: 'x'.repeat(1001) })).toBe('GROUP_DESCRIPTION_LENGTH');
  });

  it('checks only what an update sends, but a group that is not public keeps needing its code', () => {
    expect(code({ id: 1, brief: 'a new brief' }, { partial: true })).toBeNull();
    expect(code({ id: 1, brief: 'abc' }, { partial: true })).toBe('GROUP_BRIEF_LENGTH');
    expect(code({ id: 1, auth: GROUP_AUTH.PRIVATE }, { partial: true, storedCode: null, storedAuth: GROUP_AUTH.PUBLIC })).toBe('GROUP_CODE_LENGTH');
    expect(code({ id: 1, auth: GROUP_AUTH.PRIVATE }, { partial: true, storedCode: 'abcdef', storedAuth: GROUP_AUTH.PUBLIC })).toBeNull();
  });
});

describe('groupApplyProblem', () => {
  it('asks nothing of a public group, a reason of a protected one, the code and a reason of a private one', () => {
    expect(groupApplyProblem(GROUP_AUTH.PUBLIC, undefined, undefined)).toBeNull();
    expect(groupApplyProblem(GROUP_AUTH.PROTECTED, undefined, 'let me in')).toBeNull();
    expect(groupApplyProblem(GROUP_AUTH.PROTECTED, undefined, 'hey')?.code).toBe('GROUP_APPLY_REASON_LENGTH');
    expect(groupApplyProblem(GROUP_AUTH.PRIVATE, '', 'let me in')?.code).toBe('GROUP_APPLY_CODE_REQUIRED');
    expect(groupApplyProblem(GROUP_AUTH.PRIVATE, 'abcdefg', 'let me in')?.code).toBe('GROUP_CODE_LENGTH');
    expect(groupApplyProblem(GROUP_AUTH.PRIVATE, 'abcdef', '')?.code).toBe('GROUP_APPLY_REASON_REQUIRED');
    expect(groupApplyProblem(GROUP_AUTH.PRIVATE, 'abcdef', 'x'.repeat(101))?.code).toBe('GROUP_APPLY_REASON_LENGTH');
  });
});
