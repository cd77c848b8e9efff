import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { DEFAULT_SERVICES_CONFIG } from '../config';
import { addProblem, addSubmission, addUser, refusal } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createPostingGates } from './gates';

describe('posting gates', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it('count distinct accepted problems and open posting at the configured number', async () => {
    const gates = createPostingGates({ db: t.db, config: { ...DEFAULT_SERVICES_CONFIG, postMinAc: 2, commentMinAc: 1 } });
    const u = await addUser(t.db);
    const [p1, p2] = [await addProblem(t.db), await addProblem(t.db)];
    expect(await refusal(gates.assertCanComment(u))).toBe('ACCOUNT_POST_AC_REQUIRED');
    await addSubmission(t.db, u.uid, p1.id, { status: JudgeStatus.ACCEPTED });
    await addSubmission(t.db, u.uid, p1.id, { status: JudgeStatus.ACCEPTED });
    await addSubmission(t.db, u.uid, p2.id, { status: JudgeStatus.WRONG_ANSWER });
    expect(await gates.acCount(u.uid)).toBe(1);
    expect(await refusal(gates.assertCanComment(u))).toBe('ok');
    expect(await refusal(gates.assertCanPost(u))).toBe('ACCOUNT_POST_AC_REQUIRED');
    await addSubmission(t.db, u.uid, p2.id, { status: JudgeStatus.ACCEPTED });
    expect(await refusal(gates.assertCanPost(u))).toBe('ok');
  });

  it('refuse anonymous callers and muted roles first, and let admins through without accepted problems', async () => {
    const gates = createPostingGates({ db: t.db, config: { ...DEFAULT_SERVICES_CONFIG, postMinAc: 5, commentMinAc: 5 } });
    expect(await refusal(gates.assertCanPost(null))).toBe('AUTH_NOT_LOGGED_IN');
    const noDiscuss = await addUser(t.db, ['no_discuss_user']);
    const muted = await addUser(t.db, ['mute_user']);
    const admin = await addUser(t.db, ['admin']);
    expect(await refusal(gates.assertCanPost(noDiscuss))).toBe('ACCOUNT_MUTED');
    expect(await refusal(gates.assertCanComment(noDiscuss))).toBe('ACCOUNT_POST_AC_REQUIRED');
    expect(await refusal(gates.assertCanComment(muted))).toBe('ACCOUNT_MUTED');
    expect(await refusal(gates.assertCanPost(admin))).toBe('ok');
  });
});
