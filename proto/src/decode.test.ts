import { describe, expect, it } from 'vitest';
import { decode, decodeJson } from './decode';
import { OjError, formatError, ERRORS } from './errors';
import { JudgeEvent } from './nats';
import { PushMessage } from './realtime/events';
import { SubscribeRequest } from './realtime/socket';

describe('decode', () => {
  it('returns a valid value as is', () => {
    expect(decode(SubscribeRequest, { topic: 'submission:1', since: 3 })).toEqual({ topic: 'submission:1', since: 3 });
  });

  it('throws BAD_PAYLOAD naming the field', () => {
    try {
      decode(SubscribeRequest, { topic: 'submission:1', since: -1 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(OjError);
      expect((e as OjError).code).toBe('BAD_PAYLOAD');
      expect((e as OjError).params.detail).toContain('/since');
    }
  });

  it('decodes judge events by kind and refuses unknown kinds', () => {
    const ev = decodeJson(JudgeEvent, JSON.stringify({ kind: 'status', submitId: 1, version: 1, judger: 'r1', status: 6, casesTotal: 0 }));
    expect(ev.kind).toBe('status');
    expect(() => decodeJson(JudgeEvent, '{"kind":"explode","submitId":1}')).toThrow(OjError);
    expect(() => decodeJson(JudgeEvent, 'not json')).toThrow(OjError);
  });

  it('refuses push messages with an unknown event', () => {
    expect(() => decode(PushMessage, { topic: 'user:a', seq: 1, event: 'evil', data: {} })).toThrow(OjError);
  });
});

describe('error catalogue', () => {
  it('has both languages for every code and fills parameters', () => {
    for (const [code, def] of Object.entries(ERRORS)) {
      expect(def.en, code).not.toBe('');
      expect(def.zh, code).not.toBe('');
      expect(def.en.match(/\{\w+\}/g) ?? [], code).toEqual(def.zh.match(/\{\w+\}/g) ?? []);
    }
    expect(formatError('SUBMIT_TOO_FAST', 'en-US', { seconds: 5 })).toBe('Submit too fast, please wait 5 seconds');
    expect(formatError('CODE_EMPTY', 'zh-CN')).toBe('代码不能为空');
  });
});
