// Authorization of every homework and exam route through the real gateway (app.inject) on the real services and
// PostgreSQL: anonymous, a student of the assigned class, a student of another teacher's class, the course's teacher,
// another teacher and the super admin. Every such route of ROUTE_ACCESS must have a row here. Also the submit's
// homeworkId / examId, and `homework:<id>` over Socket.IO (who may follow it; a submission relayed live).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { topics, type ClientToServerEvents, type ServerToClientEvents, type TaskActivityEvent } from '@oj/proto';
import { ROUTE_ACCESS } from './route-access';
import { startHarness, ROOT_PASSWORD, type Harness } from './test-harness';

type Caller = 'anon' | 'student' | 'otherStudent' | 'owner' | 'otherTeacher' | 'root';
const CALLERS: Caller[] = ['anon', 'student', 'otherStudent', 'owner', 'otherTeacher', 'root'];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const CODE = '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';
const HOUR = 3_600_000;

let h: Harness;
const tokens: Partial<Record<Caller, string>> = {};
const names: Partial<Record<Caller, string>> = {};
const ids = { klass: 0, course: 0, homework: 0, exam: 0 };

/** The envelope's status, or for a file download 200 when it is one. */
async function call(method: Method, url: string, who: Caller, payload?: object) {
  const token = tokens[who];
  const res = await h.gw.app.inject({ method, url, headers: { ...(token && { authorization: token }), 'accept-language': 'en-US' }, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url} as ${who}`).toBeLessThan(500);
  if (String(res.headers['content-type']).includes('spreadsheetml')) return { status: res.statusCode, data: res.rawPayload, msg: '' };
  return res.json() as { status: number; data: unknown; msg: string };
}
async function ok<T>(method: Method, url: string, who: Caller, payload?: object): Promise<T> {
  const r = await call(method, url, who, payload);
  expect(r.status, `${method} ${url} as ${who}: ${r.msg}`).toBe(200);
  return r.data as T;
}
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const taskBody = (kind: 'homework' | 'exam') => ({
  courseId: ids.course,
  title: `${kind} 1`,
  problemIds: ['1000', '1001'],
  classes: [{ classId: ids.klass, ...(kind === 'exam' && { startTime: iso(-HOUR) }), endTime: iso(HOUR) }],
});
const newTask = async (kind: 'homework' | 'exam') => (await ok<{ id: number }>('POST', `/api/admin/${kind}`, 'owner', taskBody(kind))).id;

interface Row {
  url: () => Promise<string> | string;
  body?: () => Promise<object> | object;
  ok: Caller[];
}
const OWNER: Caller[] = ['owner', 'root'];

function taskRows(kind: 'homework' | 'exam'): Record<string, Row> {
  const id = () => ids[kind];
  return {
    [`GET /api/admin/${kind}/list`]: { url: () => `/api/admin/${kind}/list?courseId=${ids.course}`, ok: OWNER },
    [`GET /api/admin/${kind}`]: { url: () => `/api/admin/${kind}?id=${id()}`, ok: OWNER },
    [`POST /api/admin/${kind}`]: { url: () => `/api/admin/${kind}`, body: () => taskBody(kind), ok: OWNER },
    [`PUT /api/admin/${kind}`]: { url: () => `/api/admin/${kind}`, body: () => ({ ...taskBody(kind), id: id() }), ok: OWNER },
    [`DELETE /api/admin/${kind}`]: { url: async () => `/api/admin/${kind}?id=${await newTask(kind)}`, ok: OWNER },
    [`GET /api/admin/${kind}/status`]: { url: () => `/api/admin/${kind}/status?id=${id()}`, ok: OWNER },
    [`GET /api/admin/${kind}/export`]: { url: () => `/api/admin/${kind}/export?id=${id()}`, ok: OWNER },
    [`GET /api/get-${kind}`]: { url: () => `/api/get-${kind}?id=${id()}`, ok: ['student', 'owner', 'root'] },
  };
}

const ROWS: Record<string, Row> = {
  ...taskRows('homework'),
  ...taskRows('exam'),
  'PUT /api/admin/exam/release': { url: () => '/api/admin/exam/release', body: () => ({ id: ids.exam, released: false }), ok: OWNER },
};

const TASK_ROUTE = /^(GET|POST|PUT|DELETE) \/api\/(admin\/(homework|exam)\b|get-(homework|exam)$)/;

beforeAll(async () => {
  h = await startHarness();
  tokens.root = await h.login('root', ROOT_PASSWORD);
  for (const [who, role] of [
    ['student', 'default_user'],
    ['otherStudent', 'default_user'],
    ['owner', 'admin'],
    ['otherTeacher', 'admin'],
  ] as const) {
    const u = await h.createUser(`task_${who}`.slice(0, 20), [role]);
    names[who] = u.username;
    tokens[who] = await h.login(u.username);
  }
  const grade = (await ok<{ id: number }>('POST', '/api/admin/grade', 'owner', { name: 'G' })).id;
  ids.klass = (await ok<{ id: number }>('POST', '/api/admin/classes', 'owner', { name: 'CS-1', gradeId: grade })).id;
  await ok('POST', '/api/admin/classes/student', 'owner', { classesId: ids.klass, usernames: [names.student] });
  ids.course = (await ok<{ id: number }>('POST', '/api/admin/course', 'owner', { title: 'Algorithms', description: '' })).id;
  await ok('PUT', '/api/admin/course/classes', 'owner', { courseId: ids.course, classesIds: [ids.klass] });
  // The other teacher's class (with the other student) on their own course.
  const g = (await ok<{ id: number }>('POST', '/api/admin/grade', 'otherTeacher', { name: 'G2' })).id;
  const k = (await ok<{ id: number }>('POST', '/api/admin/classes', 'otherTeacher', { name: 'EE-1', gradeId: g })).id;
  await ok('POST', '/api/admin/classes/student', 'otherTeacher', { classesId: k, usernames: [names.otherStudent] });
  const c = (await ok<{ id: number }>('POST', '/api/admin/course', 'otherTeacher', { title: 'Circuits', description: '' })).id;
  await ok('PUT', '/api/admin/course/classes', 'otherTeacher', { courseId: c, classesIds: [k] });
  ids.homework = await newTask('homework');
  ids.exam = await newTask('exam');
});
afterAll(async () => h?.stop());

describe('homework and exam authorization', () => {
  it('has a row for every homework and exam route of the access table', () => {
    const routes = Object.keys(ROUTE_ACCESS).filter((r) => TASK_ROUTE.test(r));
    expect(routes.length).toBe(17);
    expect(Object.keys(ROWS).sort()).toEqual(routes.sort());
  });

  it('lets through exactly the callers of each row; refuses everyone else (401 anonymous, a refusal otherwise)', async () => {
    const wrong: string[] = [];
    for (const [route, row] of Object.entries(ROWS)) {
      const method = route.split(' ')[0] as Method;
      for (const who of CALLERS) {
        const r = await call(method, await row.url(), who, row.body && (await row.body()));
        if ((r.status === 200) !== row.ok.includes(who)) wrong.push(`${route} as ${who}: ${r.status} ${r.msg}`);
        if (who === 'anon' && r.status !== 401) wrong.push(`${route} as anon: ${r.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('checks the submit’s homeworkId and examId: a student of another class is refused in their language', async () => {
    const submit = (who: Caller, task: object) => call('POST', '/api/submit-problem-judge', who, { pid: '1000', language: 'C', code: CODE, ...task });
    const refused = await submit('otherStudent', { homeworkId: ids.homework });
    expect([refused.status, refused.msg]).toEqual([403, 'This homework or exam is not assigned to your class']);
    expect((await submit('student', { homeworkId: ids.homework, examId: ids.exam })).status).toBe(400);
    expect((await submit('student', { examId: ids.exam })).status).toBe(200);
    const bad = await call('POST', '/api/admin/homework', 'owner', { ...taskBody('homework'), problemIds: [] });
    expect(bad.status).toBe(400);
  });

  it('lets only the course’s teacher and the super admin follow homework:<id>, and relays a submission live', async () => {
    const addr = await h.gw.listen(0, '127.0.0.1');
    const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
    const connect = async (who: Caller) => {
      const s: Socket<ServerToClientEvents, ClientToServerEvents> = connectClient(addr, { path: '/socket.io', auth: tokens[who] ? { token: tokens[who] } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    };
    try {
      const results: Record<string, boolean> = {};
      let owner: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
      for (const who of CALLERS) {
        const s = await connect(who);
        results[who] = (await s.timeout(5000).emitWithAck('subscribe', { topic: topics.homework(ids.homework) })).ok;
        results[`exam:${who}`] = (await s.timeout(5000).emitWithAck('subscribe', { topic: topics.exam(ids.exam) })).ok;
        if (who === 'owner') owner = s;
      }
      expect(results).toEqual({
        anon: false,
        student: false,
        otherStudent: false,
        owner: true,
        otherTeacher: false,
        root: true,
        'exam:anon': false,
        'exam:student': false,
        'exam:otherStudent': false,
        'exam:owner': true,
        'exam:otherTeacher': false,
        'exam:root': true,
      });
      const got = new Promise<TaskActivityEvent>((resolve) => owner!.on('task.activity', (m) => resolve(m.data as TaskActivityEvent)));
      const sub = await ok<{ submitId: number }>('POST', '/api/submit-problem-judge', 'student', { pid: '1001', language: 'C', code: CODE, homeworkId: ids.homework });
      expect(await got).toMatchObject({ taskId: ids.homework, submitId: sub.submitId });
    } finally {
      for (const s of sockets) s.close();
    }
  }, 60_000);
});
