// Both catalogues (each a public part and the admin pages' part) must carry exactly the same ids, none of them empty,
// cover every proto error and status, and keep the two parts apart.
import { describe, expect, it } from 'vitest';
import { ALL_JUDGE_STATUSES, ERRORS } from '@oj/proto';
import { adminMessagesEnUS } from './admin-messages.en-US';
import { adminMessagesZhCN } from './admin-messages.zh-CN';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

const zhAll = { ...zhCN, ...adminMessagesZhCN };
const enAll = { ...enUS, ...adminMessagesEnUS };

describe('i18n catalogues', () => {
  it('have the same keys', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
    expect(Object.keys(adminMessagesEnUS).sort()).toEqual(Object.keys(adminMessagesZhCN).sort());
  });

  it('keep the admin part apart from the public one', () => {
    expect(Object.keys(adminMessagesZhCN).filter((k) => k in zhCN)).toEqual([]);
    expect(Object.keys(adminMessagesZhCN).length).toBeGreaterThan(0);
  });

  it('have no empty value', () => {
    for (const [name, cat] of [['zh-CN', zhAll], ['en-US', enAll]] as const) {
      const empty = Object.entries(cat).filter(([, v]) => v.trim() === '').map(([k]) => `${name}:${k}`);
      expect(empty).toEqual([]);
    }
  });

  it('use area.component.key ids', () => {
    const bad = Object.keys(zhAll).filter((k) => !/^[a-z][A-Za-z]*\.[A-Za-z0-9]+\.[A-Za-z0-9_-]+$/.test(k) && !/^judge\.status\.-?\d+$/.test(k) && !/^error\.[A-Z_]+$/.test(k));
    expect(bad).toEqual([]);
  });

  it('cover every error code and judge status in the public part', () => {
    for (const code of Object.keys(ERRORS)) {
      expect(zhCN).toHaveProperty([`error.${code}`], ERRORS[code as keyof typeof ERRORS].zh);
      expect(enUS).toHaveProperty([`error.${code}`], ERRORS[code as keyof typeof ERRORS].en);
    }
    for (const s of ALL_JUDGE_STATUSES) {
      expect(zhCN).toHaveProperty([`judge.status.${s}`]);
      expect(enUS).toHaveProperty([`judge.status.${s}`]);
    }
  });
});
