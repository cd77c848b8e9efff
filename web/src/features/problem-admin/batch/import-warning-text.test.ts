import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import type { ImportWarning } from '@oj/proto';
import { adminMessagesEnUS } from '../../../i18n/admin-messages.en-US';
import { adminMessagesZhCN } from '../../../i18n/admin-messages.zh-CN';
import { enUS } from '../../../i18n/en-US';
import { zhCN } from '../../../i18n/zh-CN';
import { importWarningText } from './import-warning-text';

const zh = createIntl({ locale: 'zh-CN', messages: { ...zhCN, ...adminMessagesZhCN } });
const en = createIntl({ locale: 'en-US', messages: { ...enUS, ...adminMessagesEnUS } });
const taken: ImportWarning = { problemId: 'A-1', code: 'PROBLEM_ID_TAKEN', params: { base: 'A', problemId: 'A-1' }, message: 'the display id A was taken; imported as A-1' };

describe('importWarningText', () => {
  it("shows a known code in the page's language with its params", () => {
    expect(importWarningText(zh, taken)).toBe('展示 ID A 已被占用，本题以 A-1 导入');
    expect(importWarningText(en, taken)).toBe(taken.message);
    expect(importWarningText(zh, { problemId: 'P', code: 'ICPC_NO_TIME_LIMIT', params: {}, message: '' })).toBe('题目包未设置时间限制，已使用 1 秒');
  });

  it("falls back to the server's English for a code it does not know, or none", () => {
    expect(importWarningText(zh, { ...taken, code: 'SOMETHING_NEWER', message: 'a newer note' })).toBe('a newer note');
    const older = { problemId: 'P', message: 'an older note' } as ImportWarning;
    expect(importWarningText(zh, older)).toBe('an older note');
  });
});
