import { describe, expect, it } from 'vitest';
import { FeedError, formatRelTime, parseAbsTime, parseFeed, parseRelTime } from './parser';

const lines = (...xs: unknown[]) => xs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n');

function feedError(text: string): FeedError {
  try {
    parseFeed(text);
  } catch (err) {
    if (err instanceof FeedError) return err;
    throw err;
  }
  throw new Error('expected a FeedError');
}

describe('CLICS times', () => {
  it('parses relative times with and without milliseconds, negative ones, long hours', () => {
    expect(parseRelTime('5:00:00')).toBe(5 * 3_600_000);
    expect(parseRelTime('1:22:05.034')).toBe(3_600_000 + 22 * 60_000 + 5034);
    expect(parseRelTime('0:00:01.5')).toBe(1500);
    expect(parseRelTime('-0:01:00.000')).toBe(-60_000);
    expect(parseRelTime('123:00:00')).toBe(123 * 3_600_000);
  });

  it('refuses malformed relative times', () => {
    for (const bad of ['5:00', '1:60:00', '1:00:60', 'x', '', '1h', 5, null, '1:2:3']) expect(parseRelTime(bad)).toBeNull();
  });

  it('formats relative times as h:mm:ss.uuu', () => {
    expect(formatRelTime(0)).toBe('0:00:00.000');
    expect(formatRelTime(5 * 3_600_000 + 61_001)).toBe('5:01:01.001');
    expect(formatRelTime(-1500)).toBe('-0:00:01.500');
    for (const ms of [0, 999, 3_600_000, 12_345_678]) expect(parseRelTime(formatRelTime(ms))).toBe(ms);
  });

  it('parses absolute times with Z, ±hh and ±hh:mm zones', () => {
    expect(parseAbsTime('2014-06-25T11:22:05.034+01')).toBe(Date.UTC(2014, 5, 25, 10, 22, 5, 34));
    expect(parseAbsTime('2014-06-25T11:22:05+01:30')).toBe(Date.UTC(2014, 5, 25, 9, 52, 5));
    expect(parseAbsTime('2014-06-25T11:22:05Z')).toBe(Date.UTC(2014, 5, 25, 11, 22, 5));
    expect(parseAbsTime('2014-06-25T11:22:05.034-05')).toBe(Date.UTC(2014, 5, 25, 16, 22, 5, 34));
    for (const bad of ['2014-06-25 11:22:05Z', '2014-06-25T11:22:05', '2014-13-25T11:22:05Z', 'yesterday', 0]) expect(parseAbsTime(bad)).toBeNull();
  });
});

describe('parseFeed', () => {
  it('reads the 2022-07/2023-06 shape: object, delete (data null), collection, singleton contest', () => {
    const { events, lineCount } = parseFeed(
      lines(
        { type: 'contest', id: null, data: { id: 'wf', name: 'WF' } },
        '',
        { type: 'teams', id: 't1', data: { id: 't1', name: 'A' }, token: 'x' },
        { type: 'teams', id: 't1', data: null },
        { type: 'problems', id: null, data: [{ id: 'a' }, { id: 'b' }] },
        { type: 'state', data: { started: null } },
      ) + '\n',
    );
    expect(lineCount).toBe(6);
    expect(events.map((e) => [e.line, e.type, e.id, e.data === null ? null : Array.isArray(e.data) ? 'array' : 'object'])).toEqual([
      [1, 'contest', 'wf', 'object'],
      [3, 'teams', 't1', 'object'],
      [4, 'teams', 't1', null],
      [5, 'problems', null, 'array'],
      [6, 'state', null, 'object'],
    ]);
  });

  it('reads the 2020-03 shape, where id is the event id and op says what happened', () => {
    const { events } = parseFeed(
      lines(
        { id: 'ev1', type: 'contests', op: 'create', data: { id: 'wf', name: 'WF' } },
        { id: 'ev2', type: 'teams', op: 'create', data: { id: '7', name: 'A' } },
        { id: 'ev3', type: 'teams', op: 'delete', data: { id: '7' } },
        { id: 'ev4', type: 'state', op: 'update', data: { started: '2020-01-01T00:00:00Z' } },
      ),
    );
    expect(events.map((e) => [e.type, e.id, e.data === null])).toEqual([
      ['contest', 'wf', false],
      ['teams', '7', false],
      ['teams', '7', true],
      ['state', null, false],
    ]);
  });

  it('reads past the types defined by the specification that a board does not need', () => {
    const { events } = parseFeed(lines({ type: 'runs', id: 'r', data: { id: 'r' } }, { type: 'clarifications', id: 'c', data: null }, { type: 'awards', id: null, data: [] }));
    expect(events).toEqual([]);
  });

  it('refuses malformed lines with their 1-based line number', () => {
    const ok = JSON.stringify({ type: 'teams', id: 't', data: { id: 't', name: 'x' } });
    const cases: [string, number, RegExp][] = [
      [`${ok}\n{"type":"teams",`, 2, /malformed JSON/],
      [`${ok}\n\n[1,2]`, 3, /JSON object/],
      [`${ok}\n{"type":"bananas","id":"x","data":{}}`, 2, /unknown event type "bananas"/],
      [`{"id":"t","data":{"id":"t"}}`, 1, /no "type"/],
      [`{"type":"teams","id":"t"}`, 1, /missing field "data"/],
      [`{"type":"teams","data":{"name":"x"}}`, 1, /data\.id/],
      [`{"type":"teams","id":"a","data":{"id":"b"}}`, 1, /differs/],
      [`{"type":"teams","data":null}`, 1, /needs an "id"/],
      [`{"id":"1","type":"teams","op":"upsert","data":{"id":"t"}}`, 1, /unknown op/],
      [`{"type":"contest","id":null,"data":[]}`, 1, /must be an object/],
    ];
    for (const [text, line, detail] of cases) {
      const err = feedError(text);
      expect(err.line, text).toBe(line);
      expect(err.detail, text).toMatch(detail);
    }
  });
});
