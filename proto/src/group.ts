// Groups (a class's or a team's workspace): the codes, limits and page sizes of the specification, the REST bodies,
// queries and answers of the original product's group calls (`/api/get-group-*`, `/api/group/**`,
// `/api/file/upload-group-avatar`, `/api/admin/group-problem/*`), the group form's rules (checked by the web form and
// again by the services, first broken rule first) and the payloads pushed on `group:<gid>`.
import { Type, type Static } from '@sinclair/typebox';
import { Id, INT4_MAX, Nullable, PageQuery } from './contest/common';
import type { ErrorCode } from './errors';
import { DiscussionBody } from './discuss';
import { AdminProblemRow } from './problem-admin';

/** Group auth: 1 public (join at once), 2 protected (apply with a reason), 3 private (apply with the code and a reason). */
export const GROUP_AUTH = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
/** A user's relation to a group: 0 none, 1 applying, 2 refused, 3 member, 4 group admin, 5 group root. */
export const GROUP_MEMBER_AUTH = { NONE: 0, APPLYING: 1, REFUSED: 2, MEMBER: 3, ADMIN: 4, ROOT: 5 } as const;
/** A group problem's application to become public: none (null), 1 applying, 2 public, 3 refused. */
export const GROUP_APPLY_PROGRESS = { APPLYING: 1, PUBLIC: 2, REFUSED: 3 } as const;

export const GROUP_LIMITS = {
  nameMin: 5,
  nameMax: 25,
  shortNameMin: 5,
  shortNameMax: 10,
  briefMin: 5,
  briefMax: 50,
  descriptionMin: 5,
  descriptionMax: 1000,
  codeLength: 6,
  reasonMin: 5,
  reasonMax: 100,
  avatarMaxBytes: 2_097_152,
  /** The avatar crop's side, in pixels. */
  avatarSize: 200,
  announcementTitleMax: 255,
  announcementContentMax: 65_535,
} as const;

export const GROUP_PAGE_SIZES = {
  list: 15,
  listOptions: [9, 15, 30, 60, 120],
  /** The home tab's announcement list. */
  homeAnnouncements: 5,
  adminAnnouncements: 10,
  members: 10,
  problems: 30,
  adminProblems: 10,
} as const;

const Text = (max: number) => Type.String({ maxLength: max });
const GroupAuthCode = Type.Integer({ minimum: 1, maximum: 3 });
const Uid = Type.String({ minLength: 1, maxLength: 64 });

// ---------- groups ----------

/** `GET /api/get-group-list`. `onlyMine`: the groups the caller belongs to (members, admins, root). */
export const GroupListQuery = Type.Object({
  currentPage: PageQuery.currentPage,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 })),
  keyword: Type.Optional(Text(100)),
  auth: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  onlyMine: Type.Optional(Type.Boolean()),
});
export type GroupListQuery = Static<typeof GroupListQuery>;

/** A card of the group list (`GroupVO`). */
export const GroupVO = Type.Object({
  id: Type.Integer(),
  avatar: Nullable(Type.String()),
  owner: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  brief: Type.String(),
  auth: Type.Integer(),
  visible: Type.Boolean(),
  memberCount: Type.Integer(),
  gmtCreate: Type.String(),
});
export type GroupVO = Static<typeof GroupVO>;

/** `GET /api/get-group-detail` (`Group`): `code` only for the group's root and super admins, null otherwise. */
export const GroupDetail = Type.Object({
  id: Type.Integer(),
  avatar: Nullable(Type.String()),
  name: Type.String(),
  shortName: Type.String(),
  brief: Type.String(),
  description: Nullable(Type.String()),
  owner: Type.String(),
  uid: Type.String(),
  auth: Type.Integer(),
  visible: Type.Boolean(),
  /** 0 normal, 1 banned. */
  status: Type.Integer(),
  code: Nullable(Type.String()),
  memberCount: Type.Integer(),
  gmtCreate: Type.String(),
});
export type GroupDetail = Static<typeof GroupDetail>;

/**
 * `POST /api/group` (no id) and `PUT /api/group` (with id; fields left out are kept, as the original client filters
 * empty values out). The lengths are the form's rules (`groupFormProblem`), so the schema only bounds the sizes.
 */
export const GroupBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.Optional(Text(200)),
  shortName: Type.Optional(Text(100)),
  brief: Type.Optional(Text(500)),
  description: Type.Optional(Nullable(Text(10_000))),
  auth: Type.Optional(GroupAuthCode),
  code: Type.Optional(Nullable(Text(100))),
  visible: Type.Optional(Type.Boolean()),
});
export type GroupBody = Static<typeof GroupBody>;

export const GidQuery = Type.Object({ gid: Id });
export type GidQuery = Static<typeof GidQuery>;

/** `GET /api/get-group-access`. */
export const GroupAccessVO = Type.Object({ access: Type.Boolean() });
export type GroupAccessVO = Static<typeof GroupAccessVO>;

// ---------- members ----------

/** `GroupMemberVO`: `gmtModify` is the original's spelling. */
export const GroupMemberVO = Type.Object({
  id: Type.Integer(),
  gid: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  auth: Type.Integer(),
  reason: Nullable(Type.String()),
  gmtCreate: Type.String(),
  gmtModify: Type.String(),
});
export type GroupMemberVO = Static<typeof GroupMemberVO>;

/** `get-member-list` (members: auth 3–5) and `get-apply-list` (the admins' table: every relation, applications first). */
export const GroupMemberListQuery = Type.Object({
  ...PageQuery,
  gid: Id,
  keyword: Type.Optional(Text(100)),
  auth: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
});
export type GroupMemberListQuery = Static<typeof GroupMemberListQuery>;

/** `POST /api/group/member` (query, as the original): join a public group, or apply to another one. */
export const AddGroupMemberQuery = Type.Object({
  gid: Id,
  code: Type.Optional(Text(100)),
  reason: Type.Optional(Text(1000)),
});
export type AddGroupMemberQuery = Static<typeof AddGroupMemberQuery>;

/** `PUT /api/group/member`: a member's new auth (accept: 3, refuse: 2, promote: 4 or 5). */
export const UpdateGroupMemberBody = Type.Object({ gid: Id, uid: Uid, auth: Type.Integer({ minimum: 1, maximum: 5 }) });
export type UpdateGroupMemberBody = Static<typeof UpdateGroupMemberBody>;

export const DeleteGroupMemberQuery = Type.Object({ uid: Uid, gid: Id });
export type DeleteGroupMemberQuery = Static<typeof DeleteGroupMemberQuery>;

// ---------- announcements ----------

export const GroupAnnouncementVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  /** 0 visible, 1 hidden. */
  status: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  gid: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type GroupAnnouncementVO = Static<typeof GroupAnnouncementVO>;

export const GroupPageQuery = Type.Object({ ...PageQuery, gid: Id });
export type GroupPageQuery = Static<typeof GroupPageQuery>;

/** `POST` (no id) and `PUT` (with id) `/api/group/announcement`. */
export const GroupAnnouncementBody = Type.Object({
  id: Type.Optional(Id),
  gid: Id,
  title: Type.String({ maxLength: GROUP_LIMITS.announcementTitleMax }),
  content: Type.String({ maxLength: GROUP_LIMITS.announcementContentMax }),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type GroupAnnouncementBody = Static<typeof GroupAnnouncementBody>;

export const GroupAnnouncementIdQuery = Type.Object({ aid: Id });

// ---------- problems ----------

/** A row of the group's Problem Admin table: the bank's row plus the group, the public application and whether the caller may change it. */
export const GroupAdminProblemRow = Type.Composite([
  AdminProblemRow,
  Type.Object({
    gid: Nullable(Type.Integer()),
    /** null none, 1 applying, 2 public, 3 refused. */
    applyPublicProgress: Nullable(Type.Integer()),
    /** The caller may edit, delete, change the auth of and apply for this one (the group's root, or its author). */
    editable: Type.Boolean(),
  }),
]);
export type GroupAdminProblemRow = Static<typeof GroupAdminProblemRow>;

export const GroupPidQuery = Type.Object({ pid: Id });
export const ChangeGroupProblemAuthQuery = Type.Object({ pid: Id, auth: Type.Integer({ minimum: 1, maximum: 3 }) });
export type ChangeGroupProblemAuthQuery = Static<typeof ChangeGroupProblemAuthQuery>;
/** `PUT /api/group/apply-public`: true applies, false cancels a pending application. */
export const ApplyGroupProblemPublicQuery = Type.Object({ pid: Id, isApplied: Type.Boolean() });
export type ApplyGroupProblemPublicQuery = Static<typeof ApplyGroupProblemPublicQuery>;

/** `GET /api/admin/group-problem/list`: problems with a public application (every state but none). */
export const GroupApplyProblemListQuery = Type.Object({ ...PageQuery, keyword: Type.Optional(Text(100)), gid: Type.Optional(Id) });
export type GroupApplyProblemListQuery = Static<typeof GroupApplyProblemListQuery>;

export const GroupApplyProblemRow = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  author: Nullable(Type.String()),
  gid: Nullable(Type.Integer()),
  groupName: Nullable(Type.String()),
  applyPublicProgress: Type.Integer(),
  gmtModified: Type.String(),
});
export type GroupApplyProblemRow = Static<typeof GroupApplyProblemRow>;

/** `PUT /api/admin/group-problem/change-progress`: 1 applying, 2 approved (public, out of the group's lists), 3 refused. */
export const ChangeGroupProblemProgressBody = Type.Object({ pid: Id, progress: Type.Integer({ minimum: 1, maximum: 3 }) });
export type ChangeGroupProblemProgressBody = Static<typeof ChangeGroupProblemProgressBody>;

// ---------- push ----------

/** `group.member` on `group:<gid>`: user `uid`'s relation to the group is now `auth` (0: no longer related). */
export const GroupMemberEvent = Type.Object({ gid: Type.Integer(), uid: Type.String(), auth: Type.Integer({ minimum: 0, maximum: 5 }) });
export type GroupMemberEvent = Static<typeof GroupMemberEvent>;

/** `group.announcement` on `group:<gid>`: an announcement was published, changed or removed; members reload the list. */
export const GroupAnnouncementEvent = Type.Object({ gid: Type.Integer(), id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });
export type GroupAnnouncementEvent = Static<typeof GroupAnnouncementEvent>;

/** `group.discussion` on `group:<gid>`: discussion `did` of the group was posted, edited, pinned or deleted. */
export const GroupDiscussionEvent = Type.Object({ gid: Type.Integer(), did: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });
export type GroupDiscussionEvent = Static<typeof GroupDiscussionEvent>;

// ---------- the form's rules ----------

export interface GroupFormProblem {
  code: ErrorCode;
  params?: Record<string, string | number>;
}

const length = (s: string) => [...s].length;

function lengthProblem(value: string | null | undefined, min: number, max: number, required: ErrorCode, bad: ErrorCode): GroupFormProblem | null {
  const v = value?.trim() ?? '';
  if (v === '') return { code: required };
  return length(v) < min || length(v) > max ? { code: bad, params: { min, max } } : null;
}

/**
 * The first broken rule of the group create / setting form, or null: name 5–25, short name 5–10, brief 5–50,
 * description 5–1000, auth required, code exactly 6 characters when the group is not public. `partial` (an update):
 * fields left out are kept and not checked, but the code still must be valid once the group is not public.
 */
export function groupFormProblem(b: GroupBody, opts: { partial: boolean; storedCode?: string | null; storedAuth?: number } = { partial: false }): GroupFormProblem | null {
  const L = GROUP_LIMITS;
  const checks: [keyof GroupBody, number, number, ErrorCode, ErrorCode][] = [
    ['name', L.nameMin, L.nameMax, 'GROUP_NAME_REQUIRED', 'GROUP_NAME_LENGTH'],
    ['shortName', L.shortNameMin, L.shortNameMax, 'GROUP_SHORT_NAME_REQUIRED', 'GROUP_SHORT_NAME_LENGTH'],
    ['brief', L.briefMin, L.briefMax, 'GROUP_BRIEF_REQUIRED', 'GROUP_BRIEF_LENGTH'],
  ];
  for (const [key, min, max, required, bad] of checks) {
    if (opts.partial && b[key] === undefined) continue;
    const p = lengthProblem(b[key] as string | null | undefined, min, max, required, bad);
    if (p) return p;
  }
  if (!opts.partial && b.auth === undefined) return { code: 'GROUP_AUTH_REQUIRED' };
  const auth = b.auth ?? opts.storedAuth ?? GROUP_AUTH.PUBLIC;
  if (auth !== GROUP_AUTH.PUBLIC) {
    const code = b.code === undefined ? (opts.storedCode ?? null) : b.code;
    if (!code || length(code) !== L.codeLength) return { code: 'GROUP_CODE_LENGTH', params: { length: L.codeLength } };
  }
  if (!(opts.partial && b.description === undefined)) {
    const p = lengthProblem(b.description, L.descriptionMin, L.descriptionMax, 'GROUP_DESCRIPTION_REQUIRED', 'GROUP_DESCRIPTION_LENGTH');
    if (p) return p;
  }
  return null;
}

/** The first broken rule of an application (the apply dialog): the code of exactly 6 for a private group, a reason of 5–100 unless public. */
export function groupApplyProblem(groupAuth: number, code: string | undefined, reason: string | undefined): GroupFormProblem | null {
  const L = GROUP_LIMITS;
  if (groupAuth === GROUP_AUTH.PRIVATE) {
    const c = code?.trim() ?? '';
    if (c === '') return { code: 'GROUP_APPLY_CODE_REQUIRED' };
    if (length(c) !== L.codeLength) return { code: 'GROUP_CODE_LENGTH', params: { length: L.codeLength } };
  }
  if (groupAuth !== GROUP_AUTH.PUBLIC) return lengthProblem(reason, L.reasonMin, L.reasonMax, 'GROUP_APPLY_REASON_REQUIRED', 'GROUP_APPLY_REASON_LENGTH');
  return null;
}

/** `GET /api/group/get-discussion-list` (members; `pid`: one problem's) and `get-admin-discussion-list` (group admins). */
export const GroupDiscussionListQuery = Type.Object({ ...PageQuery, gid: Id, pid: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) });
export type GroupDiscussionListQuery = Static<typeof GroupDiscussionListQuery>;
/** `POST /api/group/discussion`: a discussion in group `gid` (the category is optional there). */
export const GroupDiscussionBody = Type.Composite([DiscussionBody, Type.Object({ gid: Id })]);
export type GroupDiscussionBody = Static<typeof GroupDiscussionBody>;
/** `PUT /api/group/discussion`: the author's edit of the text; `topPriority`: the group admins' pin (then the text may be left out). */
export const GroupDiscussionUpdateBody = Type.Object({
  id: Id,
  title: Type.Optional(DiscussionBody.properties.title),
  description: DiscussionBody.properties.description,
  content: Type.Optional(DiscussionBody.properties.content),
  topPriority: Type.Optional(Type.Boolean()),
});
export type GroupDiscussionUpdateBody = Static<typeof GroupDiscussionUpdateBody>;
