import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { FeedError, parseFeed } from './parser';
import { validateFeed, type ImportPlan } from './validator';
import { judgementTypeOfStatus, statusOfJudgementType } from './verdicts';

type Ev = { type: string; id?: string | null; data: unknown; op?: string };
const START = '2024-05-01T10:00:00.000+02:00';
const START_MS = Date.UTC(2024, 4, 1, 8, 0, 0);

/** A small valid feed in the 2023-06 shape; tests append to or alter it. */
function baseFeed(): Ev[] {
  const ev = (type: string, data: Record<string, unknown>): Ev => ({ type, id: data.id as string, data });
  return [
    { type: 'contest', id: null, data: { id: 'nwerc', name: 'NWERC', formal_name: 'NWERC 2024', start_time: START, duration: '5:00:00.000', scoreboard_freeze_duration: '1:00:00', scoreboard_type: 'pass-fail', penalty_time: 20 } },
    ev('judgement-types', { id: 'AC', name: 'correct', penalty: false, solved: true }),
    ev('judgement-types', { id: 'WA', name: 'wrong answer', penalty: true, solved: false }),
    ev('judgement-types', { id: 'CE', name: 'compiler error', penalty: false, solved: false }),
    ev('languages', { id: 'cpp', name: 'C++' }),
    ev('problems', { id: 'p-b', label: 'B', name: 'Bee', ordinal: 2, rgb: '#00ff00', time_limit: 2.5 }),
    ev('problems', { id: 'p-a', label: 'A', name: 'Ant', ordinal: 1, color: 'red' }),
    ev('groups', { id: 'g', name: 'Participants' }),
    ev('groups', { id: 'obs', name: 'Observers', hidden: true }),
    ev('organizations', { id: 'o1', name: 'UvA', formal_name: 'University of Amsterdam' }),
    ev('teams', { id: 't1', name: 'Team One', organization_id: 'o1', group_ids: ['g'] }),
    ev('teams', { id: 't2', name: 'Team Two', display_name: 'Two!', organization_id: null, group_ids: ['g'] }),
    ev('teams', { id: 'hid', name: 'Hidden', hidden: true }),
    ev('teams', { id: 'ob', name: 'Observer', group_ids: ['obs'] }),
    { type: 'state', id: null, data: { started: START, frozen: null, ended: null, thawed: null, finalized: null, end_of_updates: null } },
    ev('submissions', { id: 's1', team_id: 't1', problem_id: 'p-a', language_id: 'cpp', time: START, contest_time: '0:10:30.999', files: [] }),
    ev('judgements', { id: 'j1', submission_id: 's1', judgement_type_id: 'WA', start_time: START, start_contest_time: '0:10:31' }),
    ev('submissions', { id: 's2', team_id: 't1', problem_id: 'p-a', language_id: 'cpp', time: START, contest_time: '0:20:00', files: [] }),
    ev('judgements', { id: 'j2', submission_id: 's2', judgement_type_id: null, start_time: START, start_contest_time: '0:20:00' }),
    ev('judgements', { id: 'j2', submission_id: 's2', judgement_type_id: 'AC', start_time: START, start_contest_time: '0:20:00' }),
    ev('submissions', { id: 's3', team_id: 'hid', problem_id: 'p-a', language_id: 'cpp', time: START, contest_time: '0:30:00', files: [] }),
    ev('submissions', { id: 's4', team_id: 't2', problem_id: 'p-b', language_id: 'cpp', time: START, contest_time: '4:30:00', files: [] }),
  ];
}

const text = (evs: Ev[]) => evs.map((e) => JSON.stringify(e)).join('\n') + '\n';
const plan = (evs: Ev[]): ImportPlan => validateFeed(parseFeed(text(evs)));

function refusal(evs: Ev[] | string): FeedError {
  try {
    validateFeed(parseFeed(typeof evs === 'string' ? evs : text(evs)));
  } catch (err) {
    if (err instanceof FeedError) return err;
    throw err;
  }
  throw new Error('the feed was accepted');
}

describe('validateFeed: a valid feed becomes an import plan', () => {
  it('maps the contest, its seal and its problems in ordinal order', () => {
    const p = plan(baseFeed());
    expect(p.contest).toEqual({
      externalId: 'nwerc',
      title: 'NWERC 2024',
      type: 0,
      startTime: new Date(START_MS),
      endTime: new Date(START_MS + 5 * 3_600_000),
      durationS: 5 * 3600,
      sealRank: true,
      sealRankTime: new Date(START_MS + 4 * 3_600_000),
      autoRealRank: false,
    });
    expect(p.problems).toEqual([
      { externalId: 'p-a', label: 'A', name: 'Ant', color: 'red', timeLimitMs: null },
      { externalId: 'p-b', label: 'B', name: 'Bee', color: '#00ff00', timeLimitMs: 2500 },
    ]);
  });

  it('leaves out hidden teams, teams of hidden groups and their submissions', () => {
    const p = plan(baseFeed());
    expect(p.teams).toEqual([
      { externalId: 't1', name: 'Team One', school: 'University of Amsterdam' },
      { externalId: 't2', name: 'Two!', school: null },
    ]);
    expect(p.records.map((r) => r.externalId)).toEqual(['s1', 's2', 's4']);
    expect(p.skippedHidden).toBe(1);
  });

  it('turns submissions into records: seconds floored, verdict of the last finished judgement, pending without one', () => {
    const [s1, s2, s4] = plan(baseFeed()).records;
    expect(s1).toEqual({
      teamId: 't1',
      label: 'A',
      status: JudgeStatus.WRONG_ANSWER,
      time: 630,
      submitTime: new Date(START_MS + 630_999),
      score: null,
      useTime: null,
      language: 'C++',
      externalId: 's1',
    });
    expect(s2!.status).toBe(JudgeStatus.ACCEPTED);
    expect(s4!.status).toBeNull();
    expect(s4!.time).toBe(4.5 * 3600);
  });

  it('a rejudge (a later judgement of the same submission) wins; invalid judgements do not count', () => {
    const evs = baseFeed();
    evs.push({ type: 'judgements', id: 'j1b', data: { id: 'j1b', submission_id: 's1', judgement_type_id: 'AC' } });
    evs.push({ type: 'judgements', id: 'j1c', data: { id: 'j1c', submission_id: 's1', judgement_type_id: 'CE', valid: false } });
    evs.push({ type: 'judgements', id: 'j4', data: { id: 'j4', submission_id: 's4', judgement_type_id: 'CE' } });
    const [s1, , s4] = plan(evs).records;
    expect(s1!.status).toBe(JudgeStatus.ACCEPTED);
    expect(s4!.status).toBe(JudgeStatus.COMPILE_ERROR);
  });

  it('the thawed state makes the final board public after the end (autoRealRank)', () => {
    const evs = baseFeed();
    evs.push({ type: 'state', id: null, data: { started: START, ended: '2024-05-01T15:00:00+02', frozen: '2024-05-01T14:00:00+02', thawed: '2024-05-01T15:30:00+02' } });
    expect(plan(evs).contest.autoRealRank).toBe(true);
  });

  it('a score contest becomes OI with the judgement score', () => {
    const evs = baseFeed();
    (evs[0]!.data as Record<string, unknown>).scoreboard_type = 'score';
    evs.push({ type: 'judgements', id: 'j4', data: { id: 'j4', submission_id: 's4', judgement_type_id: 'WA', score: 37.4 } });
    const p = plan(evs);
    expect(p.contest.type).toBe(1);
    expect(p.records.map((r) => r.score)).toEqual([0, 100, 37]);
  });

  it('accepts the 2020-03 shape (op, event ids) and contest start_time without a state', () => {
    const evs = baseFeed()
      .filter((e) => e.type !== 'state')
      .map((e, i) => ({ id: `ev${i}`, type: e.type === 'contest' ? 'contests' : e.type, op: 'create', data: e.data }));
    const p = plan(evs as Ev[]);
    expect(p.records).toHaveLength(3);
    expect(p.contest.startTime.getTime()).toBe(START_MS);
  });

  it('follows deletes and whole-collection events (what is not listed is gone, with its submissions)', () => {
    const evs = baseFeed();
    evs.push({ type: 'submissions', id: 's2', data: null });
    evs.push({ type: 'teams', id: null, data: [{ id: 't1', name: 'Team One' }, { id: 'hid', name: 'Hidden', hidden: true }] });
    const p = plan(evs);
    expect(p.teams.map((t) => t.externalId)).toEqual(['t1']);
    expect(p.records.map((r) => r.externalId)).toEqual(['s1']);
  });

  it('takes the start from state.started when the contest start_time is null (paused countdown)', () => {
    const evs = baseFeed();
    (evs[0]!.data as Record<string, unknown>).start_time = null;
    expect(plan(evs).contest.startTime.getTime()).toBe(START_MS);
  });
});

describe('validateFeed: bad feeds are refused at their line', () => {
  const cases: [string, (evs: Ev[]) => Ev[] | string, number | 'end', RegExp][] = [
    ['a malformed JSON line', (evs) => text(evs).replace(/\n$/, '') + '\n{"type": "submissions", "id":', 23, /malformed JSON/],
    ['a submission of an unknown team', (evs) => [...evs, { type: 'submissions', id: 's9', data: { id: 's9', team_id: 'nobody', problem_id: 'p-a', contest_time: '0:01:00' } }], 23, /unknown team "nobody"/],
    ['a submission of an unknown problem', (evs) => [...evs, { type: 'submissions', id: 's9', data: { id: 's9', team_id: 't1', problem_id: 'zz', contest_time: '0:01:00' } }], 23, /unknown problem "zz"/],
    ['a submission in an unknown language', (evs) => [...evs, { type: 'submissions', id: 's9', data: { id: 's9', team_id: 't1', problem_id: 'p-a', language_id: 'cobol', contest_time: '0:01:00' } }], 23, /unknown language/],
    ['a submission without contest_time', (evs) => [...evs, { type: 'submissions', id: 's9', data: { id: 's9', team_id: 't1', problem_id: 'p-a' } }], 23, /missing field "contest_time"/],
    ['a judgement of an unknown submission', (evs) => [...evs, { type: 'judgements', id: 'j9', data: { id: 'j9', submission_id: 'nope', judgement_type_id: 'AC' } }], 23, /unknown submission "nope"/],
    ['a judgement of an unknown type', (evs) => [...evs, { type: 'judgements', id: 'j9', data: { id: 'j9', submission_id: 's1', judgement_type_id: 'XX' } }], 23, /unknown judgement type "XX"/],
    ['a team of an unknown organization', (evs) => [...evs, { type: 'teams', id: 't9', data: { id: 't9', name: 'x', organization_id: 'o9' } }], 23, /unknown organization/],
    ['a second contest', (evs) => [...evs, { type: 'contest', id: null, data: { id: 'other', name: 'Other', duration: '5:00:00', start_time: START } }], 23, /second contest "other"/],
    ['a second start (state)', (evs) => [...evs, { type: 'state', id: null, data: { started: '2024-05-01T11:00:00+02' } }], 23, /second start/],
    ['a second start (contest moved)', (evs) => [...evs, { type: 'contest', id: null, data: { ...(evs[0]!.data as object), start_time: '2024-05-02T10:00:00+02' } }], 23, /second start/],
    ['a duration that does not parse', (evs) => [{ ...evs[0]!, data: { ...(evs[0]!.data as object), duration: '5 hours' } }, ...evs.slice(1)], 1, /"duration" is not a relative time/],
    ['a freeze longer than the contest', (evs) => [{ ...evs[0]!, data: { ...(evs[0]!.data as object), scoreboard_freeze_duration: '6:00:00' } }, ...evs.slice(1)], 1, /freeze/],
    ['a penalty time the board cannot count', (evs) => [{ ...evs[0]!, data: { ...(evs[0]!.data as object), penalty_time: 10 } }, ...evs.slice(1)], 1, /penalty_time of 10 minutes/],
    ['a contest without a name', (evs) => [{ ...evs[0]!, data: { id: 'x', duration: '5:00:00', start_time: START } }, ...evs.slice(1)], 1, /missing field "name"/],
    ['a judgement type without its flags', (evs) => [...evs, { type: 'judgement-types', id: 'TLE', data: { id: 'TLE', name: 'tle' } }], 23, /"penalty"/],
    ['a start time that does not parse', (evs) => [...evs, { type: 'state', id: null, data: { started: 'now' } }], 23, /"started" is not an ISO 8601 time/],
    ['a problem label used twice', (evs) => [...evs, { type: 'problems', id: 'p-c', data: { id: 'p-c', label: 'A', name: 'Again' } }], 23, /label "A"/],
    ['a delete of something unknown', (evs) => [...evs, { type: 'languages', id: 'java', data: null }], 23, /delete of unknown languages "java"/],
    ['an unknown event type', (evs) => [...evs, { type: 'balloons', id: 'b', data: { id: 'b' } }], 23, /unknown event type/],
    ['no contest at all', (evs) => evs.slice(1), 'end', /no contest/],
    ['no start at all', (evs) => [{ ...evs[0]!, data: { ...(evs[0]!.data as object), start_time: null } }, ...evs.slice(1).filter((e) => e.type !== 'state')], 1, /no start_time/],
  ];

  for (const [name, alter, line, detail] of cases) {
    it(`refuses ${name}`, () => {
      const altered = alter(baseFeed());
      const err = refusal(altered);
      const expectedLine = line === 'end' ? (altered as Ev[]).length : line;
      expect(err.line).toBe(expectedLine);
      expect(err.detail).toMatch(detail);
    });
  }
});

describe('verdict mapping', () => {
  it('follows the feed flags, refined by the standard ids', () => {
    const s = (id: string, penalty: boolean, solved: boolean) => statusOfJudgementType({ id, penalty, solved });
    expect(s('AC', false, true)).toBe(JudgeStatus.ACCEPTED);
    expect(s('WA', true, false)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(s('TLE', true, false)).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(s('RTE', true, false)).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s('OLE', true, false)).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(s('MLE', true, false)).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(s('PE', true, false)).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(s('NO', true, false)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(s('CE', false, false)).toBe(JudgeStatus.COMPILE_ERROR);
    // A contest that penalises compile errors: still penalised on our board.
    expect(s('CE', true, false)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(s('JE', false, false)).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(s('custom-ok', false, true)).toBe(JudgeStatus.ACCEPTED);
  });

  it('every final status exports to a type that imports back to a status counted the same way', () => {
    const types = new Map([
      ['AC', { penalty: false, solved: true }],
      ['WA', { penalty: true, solved: false }],
      ['TLE', { penalty: true, solved: false }],
      ['MLE', { penalty: true, solved: false }],
      ['RTE', { penalty: true, solved: false }],
      ['PE', { penalty: true, solved: false }],
      ['CE', { penalty: false, solved: false }],
      ['PA', { penalty: false, solved: false }],
      ['JE', { penalty: false, solved: false }],
    ]);
    for (const status of [-4, -3, -2, -1, 0, 1, 2, 3, 4, 8, 10]) {
      const id = judgementTypeOfStatus(status)!;
      const back = statusOfJudgementType({ id, ...types.get(id)! });
      if (status === -4 || status === 10) expect(back).toBe(JudgeStatus.SYSTEM_ERROR);
      else expect(back).toBe(status);
    }
    expect(judgementTypeOfStatus(null)).toBeNull();
  });
});
