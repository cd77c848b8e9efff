// Group contests (issue 19, item 7): the calls of `/api/group/…contest…`. A group contest is a `contest` row with the
// group's `gid`; its form, problems and announcements are the contest admin's, managed inside the group.
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageQuery } from './contest/common';
import { AdminContestBody, ContestProblemBody } from './contest/contests';
import { AdminContestProblemListQuery } from './contest/core';

/** `POST /api/group/contest`: the contest form with the group it belongs to (`gid` is ignored on PUT). */
export const GroupContestBody = Type.Composite([AdminContestBody, Type.Object({ gid: Type.Optional(Id) })]);
export type GroupContestBody = Static<typeof GroupContestBody>;

/** `GET /api/group/get-contest-list` and `get-admin-contest-list`. */
export const GroupContestListQuery = Type.Object({ ...PageQuery, gid: Id });
export type GroupContestListQuery = Static<typeof GroupContestListQuery>;

/**
 * `GET /api/group/get-contest-problem-list`: the admin contest problem list; with `problemType` the candidates, the
 * bank's public problems, or with `fromGroup` as well the group's own problems (our extension: the reference
 * client's "from group" dialog takes a typed problem id instead).
 */
export const GroupContestProblemListQuery = Type.Composite([AdminContestProblemListQuery, Type.Object({ fromGroup: Type.Optional(Type.Boolean()) })]);
export type GroupContestProblemListQuery = Static<typeof GroupContestProblemListQuery>;

/**
 * `POST /api/group/add-contest-problem-from-group`: one of the group's own problems by its problem id (display id
 * in the bank, with the group's prefix). `contestOnly` (our extension) sets the problem's auth to 3: members then
 * see it only inside the contest.
 */
export const AddGroupContestProblemQuery = Type.Object({
  problemId: Type.String({ minLength: 1, maxLength: 255 }),
  cid: Id,
  displayId: ContestProblemBody.properties.displayId,
  contestOnly: Type.Optional(Type.Boolean()),
});
export type AddGroupContestProblemQuery = Static<typeof AddGroupContestProblemQuery>;

/** `DELETE /api/group/contest-announcement`. */
export const GroupContestAnnouncementIdQuery = Type.Object({ aid: Id, cid: Id });
export type GroupContestAnnouncementIdQuery = Static<typeof GroupContestAnnouncementIdQuery>;
