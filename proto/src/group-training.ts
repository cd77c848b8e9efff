// A group's trainings, status and rank (issue 19, items 6 and 8): the bodies and queries of the original product's
// `/api/group/*training*` calls and of `/api/get-group-rank-list`, and the push that tells a group's open rank pages
// to read again. The training entity, its answers and its problem list are the site's (training.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './contest/common';
import { RankListQuery } from './home';
import { TrainingBody } from './training';

/** `POST|PUT /api/group/training`: TrainingDTO with the group's `gid` in the training (required on a create). */
export const GroupTrainingBody = Type.Object({
  training: Type.Composite([TrainingBody.properties.training, Type.Object({ gid: Type.Optional(Id) })]),
  trainingCategory: TrainingBody.properties.trainingCategory,
});
export type GroupTrainingBody = Static<typeof GroupTrainingBody>;

/** `POST /api/group/add-training-problem-from-group?problemId=&tid=`: one of the group's own problems, by display id. */
export const GroupTrainingProblemFromGroupQuery = Type.Object({ tid: Id, problemId: Type.String({ minLength: 1, maxLength: 255 }) });
export type GroupTrainingProblemFromGroupQuery = Static<typeof GroupTrainingProblemFromGroupQuery>;

/** `GET /api/get-group-rank-list`: the global rank's query with the group (`type` 0 ACM, 1 OI). */
export const GroupRankQuery = Type.Object({ ...RankListQuery.properties, gid: Id });
export type GroupRankQuery = Static<typeof GroupRankQuery>;

/** `group.rank` on `group:<gid>`: a verdict of a submission made inside the group; open rank pages read again. */
export const GroupRankEvent = Type.Object({ gid: Type.Integer() });
export type GroupRankEvent = Static<typeof GroupRankEvent>;
