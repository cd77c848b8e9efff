// Groups themselves: the list (hidden groups for their members only), the detail (the invitation code for its root
// only), the caller's relation, creating one (the AC-count gate and the daily and total limits, admins excepted; the
// creator becomes its owner and root), the setting form (group root), the cropped avatar, and disbanding (the owner or
// a super admin). Every rule from the current database state (group-standing.ts, group-access.ts).
import {
  GROUP_AUTH,
  GROUP_LIMITS,
  GROUP_MEMBER_AUTH,
  GROUP_PAGE_SIZES,
  groupFormProblem,
  OjError,
  type GroupAccessVO,
  type GroupBody,
  type GroupDetail,
  type GroupListQuery,
  type GroupVO,
  type PageOf,
  type PushMessage,
} from '@oj/proto';
import { sniffImage } from '../account/account-settings.service';
import { isAdmin, type Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOf, pageOffset } from '../db/paging';
import { uniqueViolation } from '../contest/contest-problem-admin.service';
import { deleteMdFile, findMdFile } from '../md-file/md-file.repo';
import { storeImage } from '../md-file/md-file.service';
import { contestsUsing } from '../problem-admin/problem-admin.repo';
import { publishAll } from '../push/push.service';
import { acceptedProblemCount } from '../submission/submission.repo';
import { isGroupMember, isGroupRoot, isSuperAdmin, mayDisband, type Standing } from './group-access';
import { memberPush } from './group-live';
import { ownProblemIds } from './group-problem.repo';
import { groupFor, rootView } from './group-standing';
import { deleteGroupContests } from './group-contest.repo';
import { deleteGroupRows, groupNameTaken, insertGroup, listGroups, ownedGroupCounts, updateGroup, type GroupChanges, type GroupWithCount } from './group.repo';

export interface GroupService {
  list(q: GroupListQuery, viewer: Viewer | null): Promise<PageOf<GroupVO>>;
  detail(gid: number, viewer: Viewer): Promise<GroupDetail>;
  /** The caller's member auth (0: none), `get-group-auth`. */
  auth(gid: number, viewer: Viewer): Promise<number>;
  access(gid: number, viewer: Viewer): Promise<GroupAccessVO>;
  /** Answers the new group's id (the original answered null). */
  create(body: GroupBody, viewer: Viewer): Promise<{ id: number }>;
  update(body: GroupBody, viewer: Viewer): Promise<void>;
  remove(gid: number, viewer: Viewer): Promise<void>;
  /** Stores the (cropped) avatar and answers the group. */
  uploadAvatar(gid: number, image: Buffer, viewer: Viewer): Promise<GroupDetail>;
}

const DAY_MS = 86_400_000;

export function toGroupVO(g: GroupWithCount): GroupVO {
  return {
    id: g.id,
    avatar: g.avatar,
    owner: g.owner,
    name: g.name,
    shortName: g.shortName,
    brief: g.brief,
    auth: g.auth,
    visible: g.visible,
    memberCount: g.memberCount,
    gmtCreate: g.gmtCreate.toISOString(),
  };
}

function toDetail(g: GroupWithCount, s: Standing): GroupDetail {
  return {
    ...toGroupVO(g),
    description: g.description,
    uid: g.uid,
    status: g.status,
    code: isGroupRoot(s) ? g.code : null,
  };
}

function assertForm(body: GroupBody, opts: Parameters<typeof groupFormProblem>[1]): void {
  const problem = groupFormProblem(body, opts);
  if (problem) throw new OjError(problem.code, problem.params);
}

/** The form's values as columns: trimmed, the code kept only for a group that needs one. */
function changesOf(body: GroupBody, auth: number): GroupChanges {
  const set: GroupChanges = {};
  if (body.name !== undefined) set.name = body.name.trim();
  if (body.shortName !== undefined) set.shortName = body.shortName.trim();
  if (body.brief !== undefined) set.brief = body.brief.trim();
  if (body.description !== undefined) set.description = body.description?.trim() || null;
  if (body.auth !== undefined) set.auth = body.auth;
  if (body.code !== undefined || body.auth !== undefined) set.code = auth === GROUP_AUTH.PUBLIC ? null : (body.code?.trim() ?? undefined);
  if (set.code === undefined) delete set.code;
  if (body.visible !== undefined) set.visible = body.visible;
  return set;
}

export function createGroupService(ctx: ServiceContext): GroupService {
  const { db, config } = ctx;

  async function assertNamesFree(set: GroupChanges, exceptId?: number): Promise<void> {
    if (set.name !== undefined && (await groupNameTaken(db, 'name', set.name, exceptId))) throw new OjError('GROUP_NAME_EXISTS');
    if (set.shortName !== undefined && (await groupNameTaken(db, 'shortName', set.shortName, exceptId))) throw new OjError('GROUP_SHORT_NAME_EXISTS');
  }

  /** A unique index lost to a concurrent request names the field that clashed. */
  function clash(err: unknown): never {
    const constraint = uniqueViolation(err);
    if (constraint === 'groups_name_idx') throw new OjError('GROUP_NAME_EXISTS');
    if (constraint === 'groups_short_name_idx') throw new OjError('GROUP_SHORT_NAME_EXISTS');
    throw err;
  }

  /** The AC-count gate and the creation limits (site admins are exempt, as in the original product). */
  async function assertMayCreate(viewer: Viewer): Promise<void> {
    if (isAdmin(viewer)) return;
    const min = config.createGroupMinAc;
    if (min > 0 && (await acceptedProblemCount(db, viewer.uid)) < min) throw new OjError('GROUP_CREATE_AC_REQUIRED', { count: min });
    const { total, recent } = await ownedGroupCounts(db, viewer.uid, new Date(Date.now() - DAY_MS));
    if (config.createGroupDailyLimit > 0 && recent >= config.createGroupDailyLimit) throw new OjError('GROUP_CREATE_DAILY_LIMIT', { count: config.createGroupDailyLimit });
    if (config.createGroupLimit > 0 && total >= config.createGroupLimit) throw new OjError('GROUP_CREATE_TOTAL_LIMIT', { count: config.createGroupLimit });
  }

  return {
    async list(q, viewer) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? GROUP_PAGE_SIZES.list;
      const keyword = q.keyword?.trim();
      const { total, rows } = await listGroups(
        db,
        { ...(keyword && { keyword }), ...(q.auth && { auth: q.auth }), uid: viewer?.uid ?? null, onlyMine: Boolean(q.onlyMine), superAdmin: isSuperAdmin(viewer) },
        size,
        pageOffset(current, size),
      );
      return pageOf(rows.map(toGroupVO), total, current, size);
    },

    async detail(gid, viewer) {
      const { group, standing } = await groupFor(db, gid, viewer);
      return toDetail(group, standing);
    },

    async auth(gid, viewer) {
      return (await groupFor(db, gid, viewer)).standing.auth;
    },

    async access(gid, viewer) {
      return { access: isGroupMember((await groupFor(db, gid, viewer)).standing) };
    },

    async create(body, viewer) {
      await assertMayCreate(viewer);
      assertForm(body, { partial: false });
      const auth = body.auth!;
      const set = changesOf(body, auth);
      await assertNamesFree(set);
      try {
        const id = await db.transaction((tx) =>
          insertGroup(tx, {
            name: set.name!,
            shortName: set.shortName!,
            brief: set.brief!,
            description: set.description ?? null,
            auth,
            code: set.code ?? null,
            visible: body.visible ?? true,
            uid: viewer.uid,
            owner: viewer.username,
          }),
        );
        ctx.logger.info({ gid: id, by: viewer.username }, 'group created');
        return { id };
      } catch (err) {
        return clash(err);
      }
    },

    async update(body, viewer) {
      if (body.id === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'id is required' });
      const { group } = await rootView(db, body.id, viewer);
      assertForm(body, { partial: true, storedCode: group.code, storedAuth: group.auth });
      const set = changesOf(body, body.auth ?? group.auth);
      await assertNamesFree(set, group.id);
      try {
        await updateGroup(db, group.id, set);
      } catch (err) {
        clash(err);
      }
    },

    async remove(gid, viewer) {
      const { group, standing } = await groupFor(db, gid, viewer);
      if (!mayDisband(standing)) throw new OjError('GROUP_FORBIDDEN');
      const msgs: PushMessage[] = await db.transaction(async (tx) => {
        // The group's contests go with it (their problems' places, submissions and boards); a site contest using
        // one of its problems stops the disbanding.
        await deleteGroupContests(tx, gid);
        for (const pid of await ownProblemIds(tx, gid)) {
          const contests = await contestsUsing(tx, pid);
          if (contests.length > 0) throw new OjError('PROBLEM_IN_CONTEST', { contests: contests.join(', ') });
        }
        const members = await deleteGroupRows(tx, gid);
        return Promise.all(members.map((uid) => memberPush(tx, gid, uid, GROUP_MEMBER_AUTH.NONE)));
      });
      await publishAll(ctx.transport, msgs, ctx.logger);
      ctx.logger.info({ gid, name: group.name, by: viewer.username }, 'group disbanded');
    },

    async uploadAvatar(gid, image, viewer) {
      const { group } = await rootView(db, gid, viewer);
      if (image.length > GROUP_LIMITS.avatarMaxBytes) throw new OjError('FILE_TOO_LARGE', { detail: '2 MB' });
      if (!sniffImage(image)) throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: 'gif, jpg, jpeg, png, bmp, webp' });
      const stored = await storeImage(db, image, viewer, gid);
      await updateGroup(db, gid, { avatar: stored.link });
      // The replaced picture is ours to remove (an avatar is no statement image anyone links to).
      const old = group.avatar?.match(/^\/api\/public\/img\/([0-9a-f]{24}\.[a-z]{3,4})$/)?.[1];
      const oldRow = old ? await findMdFile(db, 'img', old) : undefined;
      if (oldRow && oldRow.gid === gid) await deleteMdFile(db, oldRow.id);
      const after = await groupFor(db, gid, viewer);
      return toDetail(after.group, after.standing);
    },
  };
}
