import { describe, expect, it } from 'vitest';
import { ScoreboardEngine } from '../scoreboard/engine';
import type { BoardConfig, BoardRow } from '../scoreboard/types';
import { mulberry32 } from '../testing';
import { compactDelta, expandDelta } from './board-batch';

const noAward = (r: BoardRow) => ({ ...r, isWinAward: false, awardName: null, awardBackground: null, awardColor: null });

describe('scoreboard.batch rows', () => {
  it('a delta made compact and expanded again gives the same moves (award fields aside), users and figures; ACM and OI', () => {
    for (const type of [0, 1] as const) {
      const cfg: BoardConfig = { type, durationS: 18_000, sealS: 3000, containsEnd: false, oiRankScoreType: 'Recent', starUids: [], awardType: 0, awards: [] };
      const engine = ScoreboardEngine.build(cfg, ['A', 'B'], []);
      const rnd = mulberry32(7 + type);
      for (let id = 1; id <= 200; id++) {
        const moves = engine.apply({ id, uid: `u${Math.floor(rnd() * 30)}`, displayId: rnd() < 0.5 ? 'A' : 'B', time: Math.floor(rnd() * 4000), status: [0, -1, 1][Math.floor(rnd() * 3)]!, score: type ? 40 : null, useTime: 5 });
        const users = Object.fromEntries(moves.map((m) => [m.row.uid, { username: m.row.uid, realname: null, nickname: 'n', school: 'S', gender: null, avatar: null }]));
        const stats = { A: { ac: 1, rejected: 2, pending: 3, total: 6 } };
        const back = expandDelta(type, JSON.parse(JSON.stringify(compactDelta(id + 100, { cid: 1, view: 'public', version: id, moves, users, stats }))) as never);
        expect(back.moves).toEqual(moves.map((m) => ({ ...m, row: noAward(m.row) })));
        expect([back.seq, back.version, back.reset]).toEqual([id + 100, id, false]);
        expect(back.users).toEqual(users);
        expect(back.stats).toEqual(stats);
      }
    }
  });
});
