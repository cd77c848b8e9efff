// Authorization of every education route through the real gateway (app.inject) on the real services and PostgreSQL:
// anonymous, a student of the course's class, a student of another teacher's class, the teacher who owns the rows,
// another teacher and the super admin. Every education route of ROUTE_ACCESS must have a row here (a new route
// without one fails the first test); each row names the callers that succeed, everyone else must be refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { topics, type ClientToServerEvents, type CourseVO, type ServerToClientEvents } from '@oj/proto';
import { ROUTE_ACCESS } from './route-access';
import { startHarness, ROOT_PASSWORD, type Harness } from './test-harness';

type Caller = 'anon' | 'student' | 'otherStudent' | 'owner' | 'otherTeacher' | 'root';
const CALLERS: Caller[] = ['anon', 'student', 'otherStudent', 'owner', 'otherTeacher', 'root'];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let h: Harness;
const tokens: Partial<Record<Caller, string>> = {};
const names: Partial<Record<Caller, string>> = {};
const uids: Partial<Record<Caller, string>> = {};
const ids = { grade: 0, klass: 0, course: 0, code: '', chapter: 0, resource: 0, otherCourse: 0, extra: '' };
let serial = 0;

async function call(method: Method, url: string, who: Caller, payload?: object) {
  const token = tokens[who];
  const res = await h.gw.app.inject({ method, url, headers: { ...(token && { authorization: token }), 'accept-language': 'en-US' }, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url} as ${who}`).toBeLessThan(500);
  return res.json() as { status: number; data: unknown; msg: string };
}
async function ok<T>(method: Method, url: string, who: Caller, payload?: object): Promise<T> {
  const r = await call(method, url, who, payload);
  expect(r.status, `${method} ${url} as ${who}: ${r.msg}`).toBe(200);
  return r.data as T;
}
const newId = async (method: Method, url: string, body: object) => (await ok<{ id: number }>(method, url, 'owner', body)).id;
const freshCourse = () => newId('POST', '/api/admin/course', { title: `C${++serial}`, description: '' });
async function allocatedCourse() {
  const courseId = await freshCourse();
  const vo = await ok<CourseVO>('PUT', '/api/admin/course/classes', 'owner', { courseId, classesIds: [ids.klass] });
  return { courseId, code: vo.allocatedClasses[0]!.inviteCode };
}

/** One route: what to call (a fresh target per caller where the call changes or removes it) and who succeeds. */
interface Row {
  url: () => Promise<string> | string;
  body?: () => Promise<object> | object;
  ok: Caller[];
}
const TEACHERS: Caller[] = ['owner', 'otherTeacher', 'root'];
const OWNER: Caller[] = ['owner', 'root'];
const SIGNED_IN: Caller[] = ['student', 'otherStudent', 'owner', 'otherTeacher', 'root'];

const ROWS: Record<string, Row> = {
  'GET /api/admin/grade/list': { url: () => '/api/admin/grade/list', ok: TEACHERS },
  'POST /api/admin/grade': { url: () => '/api/admin/grade', body: () => ({ name: `g${++serial}` }), ok: TEACHERS },
  'PUT /api/admin/grade': { url: () => '/api/admin/grade', body: () => ({ id: ids.grade, name: 'Grade 2026' }), ok: OWNER },
  'DELETE /api/admin/grade': { url: async () => `/api/admin/grade?id=${await newId('POST', '/api/admin/grade', { name: 'gone' })}`, ok: OWNER },
  'GET /api/admin/classes/list': { url: () => '/api/admin/classes/list', ok: TEACHERS },
  'GET /api/admin/classes': { url: () => `/api/admin/classes?id=${ids.klass}`, ok: OWNER },
  'POST /api/admin/classes': { url: () => '/api/admin/classes', body: () => ({ name: `k${++serial}`, gradeId: ids.grade }), ok: OWNER },
  'PUT /api/admin/classes': { url: () => '/api/admin/classes', body: () => ({ id: ids.klass, name: 'CS-1', gradeId: ids.grade }), ok: OWNER },
  'DELETE /api/admin/classes': { url: async () => `/api/admin/classes?id=${await newId('POST', '/api/admin/classes', { name: 'gone', gradeId: ids.grade })}`, ok: OWNER },
  'GET /api/admin/classes/student': { url: () => `/api/admin/classes/student?classesId=${ids.klass}`, ok: OWNER },
  'POST /api/admin/classes/student': { url: () => '/api/admin/classes/student', body: () => ({ classesId: ids.klass, usernames: [names.student!] }), ok: OWNER },
  'DELETE /api/admin/classes/student': {
    url: async () => {
      await ok('POST', '/api/admin/classes/student', 'owner', { classesId: ids.klass, usernames: ['edu_extra'] });
      return `/api/admin/classes/student?classesId=${ids.klass}&userId=${ids.extra}`;
    },
    ok: OWNER,
  },
  'GET /api/admin/course/list': { url: () => '/api/admin/course/list', ok: TEACHERS },
  'GET /api/admin/course': { url: () => `/api/admin/course?id=${ids.course}`, ok: OWNER },
  'POST /api/admin/course': { url: () => '/api/admin/course', body: () => ({ title: `c${++serial}`, description: '' }), ok: TEACHERS },
  'PUT /api/admin/course': { url: () => '/api/admin/course', body: () => ({ id: ids.course, title: 'Algorithms', description: 'Sorting' }), ok: OWNER },
  'DELETE /api/admin/course': { url: async () => `/api/admin/course?id=${await freshCourse()}`, ok: OWNER },
  'PUT /api/admin/course/classes': { url: () => '/api/admin/course/classes', body: async () => ({ courseId: await freshCourse(), classesIds: [ids.klass] }), ok: OWNER },
  'DELETE /api/admin/course/class': { url: async () => `/api/admin/course/class?courseId=${(await allocatedCourse()).courseId}&classId=${ids.klass}`, ok: OWNER },
  'PUT /api/admin/course/invite': { url: () => '/api/admin/course/invite', body: async () => ({ courseId: (await allocatedCourse()).courseId, classId: ids.klass }), ok: OWNER },
  'GET /api/admin/course/chapter': { url: () => `/api/admin/course/chapter?courseId=${ids.course}`, ok: OWNER },
  'POST /api/admin/course/chapter': { url: () => '/api/admin/course/chapter', body: () => ({ courseId: ids.course, title: `ch${++serial}` }), ok: OWNER },
  'PUT /api/admin/course/chapter': { url: () => '/api/admin/course/chapter', body: () => ({ id: ids.chapter, courseId: ids.course, title: 'Basics' }), ok: OWNER },
  'DELETE /api/admin/course/chapter': {
    url: async () => `/api/admin/course/chapter?id=${await newId('POST', '/api/admin/course/chapter', { courseId: ids.course, title: 'gone' })}`,
    ok: OWNER,
  },
  'POST /api/admin/course/resource': { url: () => '/api/admin/course/resource', body: () => ({ chapterId: ids.chapter, kind: 'markdown', title: 'Notes', content: 'x' }), ok: OWNER },
  'PUT /api/admin/course/resource': {
    url: () => '/api/admin/course/resource',
    body: () => ({ id: ids.resource, chapterId: ids.chapter, kind: 'markdown', title: 'Read me', content: '# Hi' }),
    ok: OWNER,
  },
  'DELETE /api/admin/course/resource': {
    url: async () => `/api/admin/course/resource?id=${await newId('POST', '/api/admin/course/resource', { chapterId: ids.chapter, kind: 'markdown', title: 'gone', content: 'x' })}`,
    ok: OWNER,
  },
  'GET /api/get-course-list': { url: () => '/api/get-course-list', ok: SIGNED_IN },
  'GET /api/get-course-detail': { url: () => `/api/get-course-detail?id=${ids.course}`, ok: ['student', 'owner', 'root'] },
  'GET /api/get-course-invite': { url: () => `/api/get-course-invite?courseId=${ids.course}&inviteCode=${ids.code}`, ok: SIGNED_IN },
  'POST /api/join-course': {
    url: () => '/api/join-course',
    body: async () => ({ classesId: ids.klass, inviteCode: (await allocatedCourse()).code }),
    ok: SIGNED_IN,
  },
};

const EDUCATION_ROUTE = /^(GET|POST|PUT|DELETE) \/api\/(admin\/(grade|classes|course)\b|get-course-|join-course)/;

beforeAll(async () => {
  h = await startHarness();
  tokens.root = await h.login('root', ROOT_PASSWORD);
  for (const [who, role] of [
    ['student', 'default_user'],
    ['otherStudent', 'default_user'],
    ['owner', 'admin'],
    ['otherTeacher', 'admin'],
  ] as const) {
    const u = await h.createUser(`edu_${who}`.slice(0, 20), [role]);
    names[who] = u.username;
    uids[who] = u.uid;
    tokens[who] = await h.login(u.username);
  }
  ids.extra = (await h.createUser('edu_extra', ['default_user'])).uid;
  ids.grade = await newId('POST', '/api/admin/grade', { name: 'Grade 2026' });
  ids.klass = await newId('POST', '/api/admin/classes', { name: 'CS-1', gradeId: ids.grade });
  await ok('POST', '/api/admin/classes/student', 'owner', { classesId: ids.klass, usernames: [names.student] });
  ids.course = await newId('POST', '/api/admin/course', { title: 'Algorithms', description: 'Sorting' });
  ids.code = (await ok<CourseVO>('PUT', '/api/admin/course/classes', 'owner', { courseId: ids.course, classesIds: [ids.klass] })).allocatedClasses[0]!.inviteCode;
  ids.chapter = await newId('POST', '/api/admin/course/chapter', { courseId: ids.course, title: 'Basics' });
  ids.resource = await newId('POST', '/api/admin/course/resource', { chapterId: ids.chapter, kind: 'markdown', title: 'Read me', content: '# Hi' });
  // The other teacher's own grade, class (with the other student) and course.
  const g = (await ok<{ id: number }>('POST', '/api/admin/grade', 'otherTeacher', { name: 'Other grade' })).id;
  const k = (await ok<{ id: number }>('POST', '/api/admin/classes', 'otherTeacher', { name: 'EE-1', gradeId: g })).id;
  await ok('POST', '/api/admin/classes/student', 'otherTeacher', { classesId: k, usernames: [names.otherStudent] });
  ids.otherCourse = (await ok<{ id: number }>('POST', '/api/admin/course', 'otherTeacher', { title: 'Circuits', description: '' })).id;
  await ok('PUT', '/api/admin/course/classes', 'otherTeacher', { courseId: ids.otherCourse, classesIds: [k] });
});
afterAll(async () => h?.stop());

describe('education authorization', () => {
  it('has a row for every education route of the access table', () => {
    const routes = Object.keys(ROUTE_ACCESS).filter((r) => EDUCATION_ROUTE.test(r));
    expect(routes.length).toBeGreaterThan(25);
    expect(Object.keys(ROWS).sort()).toEqual(routes.sort());
  });

  it("shows each teacher their own rows only, and each student only their classes' courses (before anyone joins by invite)", async () => {
    const titles = async (who: Caller) => (await ok<{ records: { title: string }[] }>('GET', '/api/admin/course/list?pageSize=100', who)).records.map((c) => c.title);
    expect(await titles('owner')).toContain('Algorithms');
    expect(await titles('otherTeacher')).not.toContain('Algorithms');
    expect(await titles('root')).toEqual(expect.arrayContaining(['Algorithms', 'Circuits']));
    const grades = async (who: Caller) => (await ok<{ records: { name: string }[] }>('GET', '/api/admin/grade/list', who)).records.map((g) => g.name);
    expect(await grades('otherTeacher')).toContain('Other grade');
    expect(await grades('otherTeacher')).not.toContain('Grade 2026');
    const mine = async (who: Caller) => (await ok<{ records: { id: number }[] }>('GET', '/api/get-course-list?pageSize=100', who)).records.map((c) => c.id);
    expect(await mine('student')).toContain(ids.course);
    expect(await mine('student')).not.toContain(ids.otherCourse);
    expect(await mine('otherStudent')).toEqual([ids.otherCourse]);
    expect((await call('GET', `/api/get-course-detail?id=${ids.otherCourse}`, 'student')).status).not.toBe(200);
  });

  it('lets through exactly the callers of each row; refuses everyone else (401 anonymous, a refusal otherwise)', async () => {
    const wrong: string[] = [];
    for (const [route, row] of Object.entries(ROWS)) {
      const method = route.split(' ')[0] as Method;
      for (const who of CALLERS) {
        const url = await row.url();
        const body = row.body && (await row.body());
        const r = await call(method, url, who, body);
        const passed = r.status === 200;
        if (passed !== row.ok.includes(who)) wrong.push(`${route} as ${who}: ${r.status} ${r.msg}`);
        if (who === 'anon' && r.status !== 401) wrong.push(`${route} as anon: ${r.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets only the class teacher and the super admin follow class:<id>, and relays a join live', async () => {
    const addr = await h.gw.listen(0, '127.0.0.1');
    const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
    const connect = async (who: Caller) => {
      const s: Socket<ServerToClientEvents, ClientToServerEvents> = connectClient(addr, {
        path: '/socket.io',
        auth: tokens[who] ? { token: tokens[who] } : {},
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    };
    try {
      const topic = topics.classStudents(ids.klass);
      const results: Record<string, boolean> = {};
      let ownerSocket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
      for (const who of CALLERS) {
        const s = await connect(who);
        const ack = await s.timeout(5000).emitWithAck('subscribe', { topic });
        results[who] = ack.ok;
        if (who === 'owner') ownerSocket = s;
      }
      expect(results).toEqual({ anon: false, student: false, otherStudent: false, owner: true, otherTeacher: false, root: true });
      const got = new Promise((resolve) => ownerSocket!.on('class.students', (m) => resolve(m.data)));
      const { code } = await allocatedCourse();
      // A user who is in no class yet (the callers above have joined by now).
      await h.createUser('edu_joiner', ['default_user']);
      const joiner = await h.login('edu_joiner');
      const res = await h.gw.app.inject({ method: 'POST', url: '/api/join-course', headers: { authorization: joiner }, payload: { classesId: ids.klass, inviteCode: code } });
      expect(res.json()).toMatchObject({ status: 200 });
      expect(await got).toMatchObject({ classId: ids.klass, change: 'joined' });
    } finally {
      for (const s of sockets) s.close();
    }
  }, 60_000);
});
