import { describe, expect, it } from 'vitest';
import { formatError } from './errors';

describe('formatError', () => {
  it('names a known form field in the message language and keeps any other value as given', () => {
    expect(formatError('PROBLEM_FIELD_REQUIRED', 'zh-CN', { field: 'title' })).toBe('题目标题是必填项');
    expect(formatError('PROBLEM_FIELD_REQUIRED', 'en-US', { field: 'title' })).toBe('Title is required');
    expect(formatError('PROBLEM_FIELD_REQUIRED', 'en-US', { field: 'id' })).toBe('id is required');
    expect(formatError('VALIDATION_FAILED', 'en-US', { detail: 'title' })).toBe('Invalid request: title');
  });
});
