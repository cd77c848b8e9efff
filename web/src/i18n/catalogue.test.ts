// Both catalogues must carry exactly the same ids, none of them empty, and cover every proto error and status.
import { describe, expect, it } from 'vitest';
import { ALL_JUDGE_STATUSES, ERRORS } from '@oj/proto';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

describe('i18n catalogues', () => {
  it('have the same keys', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
  });

  it('have no empty value', () => {
    for (const [name, cat] of [['zh-CN', zhCN], ['en-US', enUS]] as const) {
      const empty = Object.entries(cat).filter(([, v]) => v.trim() === '').map(([k]) => `${name}:${k}`);
      expect(empty).toEqual([]);
    }
  });

  it('use area.component.key ids', () => {
    const bad = Object.keys(zhCN).filter((k) => !/^[a-z][A-Za-z]*\.[A-Za-z0-9]+\.[A-Za-z0-9_-]+$/.test(k) && !/^judge\.status\.-?\d+$/.test(k) && !/^error\.[A-Z_]+$/.test(k));
    expect(bad).toEqual([]);
  });

  it('cover every error code and judge status', () => {
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
