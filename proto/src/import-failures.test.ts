import { describe, expect, it } from 'vitest';
import { formatError, OjError } from './errors';
import { IMPORT_FAILURES, formatImportFailure, importFailureParams, isImportFailureCode, type ImportFailureCode } from './import-failures';

const codes = Object.keys(IMPORT_FAILURES) as ImportFailureCode[];

describe('import refusals', () => {
  it.each(codes)('%s has an English and a Chinese sentence with the same params', (code) => {
    const { en, zh } = IMPORT_FAILURES[code];
    expect(en.trim()).not.toBe('');
    expect(zh.trim()).not.toBe('');
    expect(importFailureParams(code, 'zh').sort()).toEqual(importFailureParams(code, 'en').sort());
    // `reason` carries the code itself in IMPORT_FAILED's params.
    expect(importFailureParams(code)).not.toContain('reason');
    // Braces only as placeholders, so the params type read off the sentence is its placeholders.
    for (const s of [en, zh]) expect(s.replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
  });

  it('fill IMPORT_FAILED in the caller language, the English one as the error message', () => {
    const err = new OjError('IMPORT_FAILED', { reason: 'ICPC_CASE_UNPAIRED', where: 'a', file: 'data/secret/3.in', partner: 'data/secret/3.ans' });
    expect(err.message).toBe('Import failed: a: data/secret/3.in has no data/secret/3.ans');
    expect(formatError('IMPORT_FAILED', 'en-US', err.params)).toBe('Import failed: a: data/secret/3.in has no data/secret/3.ans');
    expect(formatError('IMPORT_FAILED', 'zh-CN', err.params)).toBe('导入失败：a：data/secret/3.in 没有对应的 data/secret/3.ans');
    expect(formatError('IMPORT_FAILED', 'zh-CN', { reason: 'NO_PROBLEMS' })).toBe('导入失败：压缩包中没有题目');
    // Without a known reason, the detail is shown as given.
    expect(formatError('IMPORT_FAILED', 'zh-CN', { detail: 'x' })).toBe('导入失败：x');
    expect(formatError('IMPORT_FAILED', 'zh-CN', { reason: 'toString', detail: 'x' })).toBe('导入失败：x');
    expect(isImportFailureCode('toString')).toBe(false);
  });

  it("translate the readers' words for a place without a path", () => {
    const zh = (where: string) => formatImportFailure('NO_TEST_CASES', 'zh', { where });
    expect(zh('the package')).toBe('题目包 没有测试数据');
    expect(zh('the problem')).toBe('该题目 没有测试数据');
    expect(zh('P1000')).toBe('P1000 没有测试数据');
    expect(zh('the FPS file item 2 (A+B)')).toBe('FPS 文件 第 2 题（A+B） 没有测试数据');
    expect(zh('set/a.xml item 1 (untitled)')).toBe('set/a.xml 第 1 题（无标题） 没有测试数据');
    expect(formatImportFailure('FPS_DECLARATIONS', 'zh', { where: 'the FPS file' })).toMatch(/^FPS 文件 声明了/);
    expect(formatImportFailure('NO_TEST_CASES', 'en', { where: 'the FPS file item 2 (A+B)' })).toBe('the FPS file item 2 (A+B) has no test cases');
    const sql = { problem: 'the FPS file item 3 (Select)', language: 'SQL(sqlite3)' };
    expect(formatError('IMPORT_LANGUAGE_UNJUDGEABLE', 'zh-CN', sql)).toMatch(/^导入失败：FPS 文件 第 3 题（Select） 是 SQL\(sqlite3\) 题目/);
    expect(formatError('IMPORT_LANGUAGE_UNJUDGEABLE', 'en-US', sql)).toMatch(/^Import failed: the FPS file item 3 \(Select\) is a SQL\(sqlite3\) problem/);
  });
});
