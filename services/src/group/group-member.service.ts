// Group membership: the member list (members), the admins' table with the applications, joining a public group or
// applying to another (the code of a private group, a reason unless public), accepting, refusing and changing a
// member's auth (the specification's enable rules, group-access.ts), removing a member, and exiting. Every change
// is pushed on `group:<gid>` (group-live.ts): the admins' table and the applicant's screen follow it live.
import {
  GROUP_AUTH,
  GROUP_MEMBER_AUTH as M,
  GROUP_PAGE_SIZES,
  groupApplyProblem,
  OjError,
  type AddGroupMemberQuery,
  type DeleteGroupMemberQuery,
  type GroupMemberListQuery,
  type GroupMemberVO,
  type PageOf,
  type PushMessage,
  type UpdateGroupMemberBody,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { publishAll } from '../push/push.service';
import { isGroupAdmin, mayChangeMember, mayRemoveMember, type MemberTarget } from './group-access';
import { memberPush } from './group-live';
import { deleteMember, listMembers, memberRow, putMember, setMemberAuth, type MemberRow } from './group-member.repo';
import { adminView, groupFor, memberView, type GroupInView } from './group-standing';

export interface GroupMemberService {
  members(q: GroupMemberListQuery, viewer: Viewer): Promise<PageOf<GroupMemberVO>>;
  /** The admins' table: every relation (applications, refusals, members), applications first. */
  applications(q: GroupMemberListQuery, viewer: Viewer): Promise<PageOf<GroupMemberVO>>;
  /** Joins a public group at once (auth 3) or files an application (auth 1); answers the caller's new auth. */
  add(q: AddGroupMemberQuery, viewer: Viewer): Promise<{ auth: number }>;
  update(body: UpdateGroupMemberBody, viewer: Viewer): Promise<void>;
  remove(q: DeleteGroupMemberQuery, viewer: Viewer): Promise<void>;
  exit(gid: number, viewer: Viewer): Promise<void>;
}

function toVO(m: MemberRow, username: string): GroupMemberVO {
  return { id: m.id, gid: m.gid, uid: m.uid, username, auth: m.auth, reason: m.reason, gmtCreate: m.gmtCreate.toISOString(), gmtModify: m.gmtModified.toISOString() };
}

export function createGroupMemberService(ctx: ServiceContext): GroupMemberService {
  const { db } = ctx;

  async function list(v: GroupInView, q: GroupMemberListQuery, membersOnly: boolean): Promise<PageOf<GroupMemberVO>> {
    const current = q.currentPage ?? 1;
    const size = q.limit ?? GROUP_PAGE_SIZES.members;
    const keyword = q.keyword?.trim();
    const { total, rows } = await listMembers(db, { gid: v.group.id, membersOnly, ...(q.auth && { auth: q.auth }), ...(keyword && { keyword }) }, size, pageOffset(current, size));
    return pageOf(rows.map(({ m, username }) => toVO(m, username)), total, current, size);
  }

  /** Runs `change` in a transaction and publishes the pushes it answered once committed. */
  async function changing(change: (tx: Tx) => Promise<PushMessage[]>): Promise<void> {
    const msgs = await db.transaction(change);
    await publishAll(ctx.transport, msgs, ctx.logger);
  }

  /** The row acted on, as a target of the access rules. */
  async function target(v: GroupInView, uid: string): Promise<MemberTarget> {
    const row = await memberRow(db, v.group.id, uid);
    if (!row) throw new OjError('GROUP_MEMBER_NOT_FOUND');
    const t = { uid, auth: row.auth, owner: uid === v.group.uid };
    if (t.owner) throw new OjError('GROUP_OWNER_FIXED');
    return t;
  }

  return {
    async members(q, viewer) {
      return list(await memberView(db, q.gid, viewer), q, true);
    },

    async applications(q, viewer) {
      return list(await adminView(db, q.gid, viewer), q, false);
    },

    async add(q, viewer) {
      const { group } = await groupFor(db, q.gid, viewer);
      const current = await memberRow(db, group.id, viewer.uid);
      if (current?.auth === M.APPLYING) throw new OjError('GROUP_ALREADY_APPLIED');
      if (current && current.auth >= M.MEMBER) throw new OjError('GROUP_ALREADY_MEMBER');
      const problem = groupApplyProblem(group.auth, q.code, q.reason);
      if (problem) throw new OjError(problem.code, problem.params);
      if (group.auth === GROUP_AUTH.PRIVATE && q.code?.trim() !== group.code) throw new OjError('GROUP_CODE_WRONG');
      const auth = group.auth === GROUP_AUTH.PUBLIC ? M.MEMBER : M.APPLYING;
      const reason = q.reason?.trim() || null;
      await changing(async (tx) => {
        await putMember(tx, group.id, viewer.uid, auth, reason);
        return [await memberPush(tx, group.id, viewer.uid, auth)];
      });
      return { auth };
    },

    async update(body, viewer) {
      const v = await groupFor(db, body.gid, viewer);
      if (!isGroupAdmin(v.standing) && !v.standing.owner) throw new OjError('GROUP_FORBIDDEN');
      const t = await target(v, body.uid);
      if (!mayChangeMember(v.standing, t, body.auth)) throw new OjError('GROUP_FORBIDDEN');
      await changing(async (tx) => {
        if (!(await setMemberAuth(tx, v.group.id, t.uid, body.auth))) throw new OjError('GROUP_MEMBER_NOT_FOUND');
        return [await memberPush(tx, v.group.id, t.uid, body.auth)];
      });
    },

    async remove(q, viewer) {
      const v = await groupFor(db, q.gid, viewer);
      if (!isGroupAdmin(v.standing) && !v.standing.owner) throw new OjError('GROUP_FORBIDDEN');
      const t = await target(v, q.uid);
      if (!mayRemoveMember(v.standing, t)) throw new OjError('GROUP_FORBIDDEN');
      await changing(async (tx) => {
        if (!(await deleteMember(tx, v.group.id, t.uid))) throw new OjError('GROUP_MEMBER_NOT_FOUND');
        return [await memberPush(tx, v.group.id, t.uid, M.NONE)];
      });
    },

    async exit(gid, viewer) {
      const { group } = await groupFor(db, gid, viewer);
      if (group.uid === viewer.uid) throw new OjError('GROUP_OWNER_CANNOT_EXIT');
      await changing(async (tx) => {
        if (!(await deleteMember(tx, group.id, viewer.uid))) throw new OjError('GROUP_MEMBER_NOT_FOUND');
        return [await memberPush(tx, group.id, viewer.uid, M.NONE)];
      });
    },
  };
}
