import { describe, expect, it } from 'vitest';
import { DETAIL_REASONS, formatError, OjError } from './errors';
import { placeholderNames } from './placeholders';

describe('formatError', () => {
  it('names a known form field in the message language and keeps any other value as given', () => {
    expect(formatError('PROBLEM_FIELD_REQUIRED', 'zh-CN', { field: 'title' })).toBe('题目标题是必填项');
    expect(formatError('PROBLEM_FIELD_REQUIRED', 'en-US', { field: 'title' })).toBe('Title is required');
    expect(formatError('PROBLEM_FIELD_REQUIRED', 'en-US', { field: 'id' })).toBe('id is required');
    expect(formatError('VALIDATION_FAILED', 'en-US', { detail: 'title' })).toBe('Invalid request: title');
  });
});

describe("a problem form refusal's detail", () => {
  it('has an English and a Chinese sentence with the same params for every reason', () => {
    for (const reasons of Object.values(DETAIL_REASONS)) {
      for (const { en, zh } of Object.values(reasons)) expect(placeholderNames(zh).sort()).toEqual(placeholderNames(en).sort());
    }
  });

  it('is worded in the caller language, the English one as the error message', () => {
    const err = new OjError('PROBLEM_FIELD_INVALID', { field: 'problemId', reason: 'NO_SPACES_OR_SLASHES' });
    expect(formatError(err.code, 'zh-CN', err.params)).toBe('题目展示ID不合法：不能包含空格或斜杠');
    expect(formatError(err.code, 'en-US', err.params)).toBe('Problem Display ID is invalid: no spaces or slashes');
    expect(err.message).toBe('Problem Display ID is invalid: no spaces or slashes');
    expect(formatError('PROBLEM_FIELD_INVALID', 'zh-CN', { field: 'judgeExtraFile', reason: 'FILE_NAME', name: '"../a"' })).toBe('评测程序附加文件不合法：文件名 "../a" 不合法（只能使用字母、数字、点、下划线和连字符）');
    expect(formatError('PROBLEM_CHECKER_COMPILE', 'zh-CN', { reason: 'LANGUAGE', language: 'Pascal' })).toBe('编译错误：不能用 Pascal 编写检查器');
    // A detail without a reason (the compiler's own output) is shown as it is.
    expect(formatError('PROBLEM_CHECKER_COMPILE', 'zh-CN', { detail: "a.c:1: error: expected ';'" })).toBe("编译错误：a.c:1: error: expected ';'");
  });
});
