import { describe, expect, it } from 'vitest';
import { topics } from '@oj/proto';
import { contestRow } from '../../testing/fixtures';
import { countsOnBoard, keptViews, rulesFingerprint, shownName, sortDisplayIds, viewConfig, viewTopic } from './board-data';

const T0 = Date.UTC(2026, 0, 1, 8);
const H = 3600_000;
const gold = { priority: 1, name: 'Gold', background: '#fc0', color: '#fff', num: 1 };
const silver = { priority: 2, name: 'Silver', background: '#ccc', color: '#fff', num: 2 };

describe('board rules', () => {
  const c = contestRow(T0, 5 * 3600, { sealRank: true, sealRankTime: new Date(T0 + 4 * H), awardType: 1, awardConfig: [silver, gold] });

  it('keeps the after-end views only where submissions after the end are allowed, the public one only unsealed', () => {
    expect(keptViews(c, false)).toEqual(['public', 'live']);
    expect(keptViews({ ...c, allowEndSubmit: true }, false)).toEqual(['public', 'live', 'live-end', 'public-end']);
    expect(keptViews({ ...c, allowEndSubmit: true }, true)).toEqual(['public', 'live', 'live-end']);
    expect(viewTopic(3, 'public-end')).toBe(topics.scoreboard(3));
    expect(viewTopic(3, 'live-end')).toBe(topics.contestAdmin(3));
  });

  it('seals only the public views, and ranks awards by priority', () => {
    expect(viewConfig(c, 'public', true, []).sealS).toBe(4 * 3600);
    expect(viewConfig(c, 'public', false, []).sealS).toBeNull();
    expect(viewConfig(c, 'live', true, []).sealS).toBeNull();
    const cfg = viewConfig({ ...c, allowEndSubmit: true, type: 1, oiRankScoreType: 'Highest' }, 'live-end', true, ['star']);
    expect(cfg).toMatchObject({ type: 1, durationS: 5 * 3600, containsEnd: true, oiRankScoreType: 'Highest', starUids: ['star'], awardType: 1 });
    expect(cfg.awards.map((a) => a.name)).toEqual(['Gold', 'Silver']);
    expect(viewConfig({ ...c, allowEndSubmit: true }, 'public-end', true, []).containsEnd).toBe(false);
    expect(viewConfig({ ...c, awardType: 7 }, 'live', false, []).awardType).toBe(0);
  });

  it('leaves the creator and records before the start off the board', () => {
    expect(countsOnBoard(c, 'someone', new Date(T0))).toBe(true);
    expect(countsOnBoard(c, 'someone', new Date(T0 - 1))).toBe(false);
    expect(countsOnBoard(c, c.uid, new Date(T0 + H))).toBe(false);
  });

  it('shows the configured name, the username when it is missing', () => {
    const u = { username: 'u1', realname: 'Ann', nickname: '', school: null, gender: null, avatar: null };
    expect(shownName({ rankShowName: 'realname' }, u)).toBe('Ann');
    expect(shownName({ rankShowName: 'nickname' }, u)).toBe('u1');
    expect(shownName({ rankShowName: 'username' }, u)).toBe('u1');
    expect(shownName({ rankShowName: 'username' }, undefined)).toBe('');
  });

  it('notices a rule change by the fingerprint, and orders display ids naturally', () => {
    expect(rulesFingerprint(c, 'A,B')).toBe(rulesFingerprint({ ...c, title: 'renamed' }, 'A,B'));
    expect(rulesFingerprint(c, 'A,B')).not.toBe(rulesFingerprint({ ...c, starAccount: ['x'] }, 'A,B'));
    expect(rulesFingerprint(c, 'A,B')).not.toBe(rulesFingerprint(c, 'A,C'));
    expect(sortDisplayIds(['A10', 'B', 'A2', 'A'])).toEqual(['A', 'A2', 'A10', 'B']);
  });
});
