// A big board for the e2e tests without judging hundreds of programs: `n` registered teams and their earlier results
// on problem A written straight into the e2e stack's tables (as the contest-day benchmark seeds its board), then the
// board version bumped so every services process rebuilds its projection. Verdicts made during a test are real.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { databaseUrl } from './mail';

export async function seedBoardRows(cid: number, n: number, prefix: string): Promise<void> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    const [cp] = await sql<{ id: number; pid: number; start: Date }[]>`
      select cp.id, cp.pid, c.start_time as start from contest_problem cp join contest c on c.id = cp.cid where cp.cid = ${cid} and cp.display_id = 'A'`;
    const [role] = await sql<{ id: number }[]>`select id from roles where role = 'default_user'`;
    const users = Array.from({ length: n }, (_, i) => ({ uuid: randomUUID().replaceAll('-', ''), username: `${prefix}${String(i).padStart(3, '0')}`, password: 'x', realname: `Team ${i}`, school: `School ${i % 17}` }));
    await sql`insert into users ${sql(users, 'uuid', 'username', 'password', 'realname', 'school')}`;
    await sql`insert into user_role ${sql(users.map((u) => ({ uid: u.uuid, role_id: role!.id })), 'uid', 'role_id')}`;
    await sql`insert into contest_register ${sql(users.map((u) => ({ cid, uid: u.uuid })), 'cid', 'uid')}`;
    // 60 % solved A (distinct penalties, some with rejections first), the rest only rejected: many ties at the bottom.
    const rows = users.flatMap((u, i) => {
      const solved = i % 5 < 3;
      const at = 30 + ((i * 37) % 5400);
      const tries = solved ? i % 3 : 1 + (i % 2);
      return [...Array.from({ length: tries }, (_, k) => ({ u, status: -1, time: Math.max(0, at - 10 * (k + 1)) })), ...(solved ? [{ u, status: 0, time: at }] : [])];
    });
    const judged = await sql<{ submit_id: number }[]>`
      insert into judge ${sql(
        rows.map((r) => ({
          pid: cp!.pid,
          display_pid: 'A',
          uid: r.u.uuid,
          username: r.u.username,
          submit_time: new Date(cp!.start.getTime() + r.time * 1000),
          status: r.status,
          length: 10,
          code: '// seeded',
          language: 'C',
          cid,
          cpid: cp!.id,
          lane: 'contest',
          counted_status: r.status,
        })),
      )} returning submit_id`;
    await sql`insert into contest_record ${sql(
      rows.map((r, k) => ({ cid, uid: r.u.uuid, pid: cp!.pid, display_id: 'A', submit_id: judged[k]!.submit_id, status: r.status, time: r.time, submit_time: new Date(cp!.start.getTime() + r.time * 1000), use_time: 10, language: 'C' })),
    )}`;
    await sql`update contest set board_version = board_version + ${rows.length} where id = ${cid}`;
  } finally {
    await sql.end();
  }
}
