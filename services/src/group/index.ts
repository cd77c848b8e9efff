// The groups area (issue 19): the group, its members, announcements, problems and discussions, the site's examination of group
// problems applying to be public, and who may watch `group:<gid>`. One object on `OjServices.groups`.
import { OjError } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { TestdataService } from '../testdata/testdata.service';
import { createGroupAnnouncementService, type GroupAnnouncementService } from './group-announcement.service';
import { createGroupDiscussionService, type GroupDiscussionService } from './group-discussion.service';
import { createGroupMemberService, type GroupMemberService } from './group-member.service';
import { createGroupProblemApplyService, type GroupProblemApplyService } from './group-problem-apply.service';
import { createGroupProblemService, type GroupProblemService } from './group-problem.service';
import { createGroupRankService, type GroupRankService } from './group-rank.service';
import { groupFor } from './group-standing';
import { createGroupTrainingService, type GroupTrainingService } from './group-training.service';
import { createGroupService, type GroupService } from './group.service';

export interface GroupServices {
  groups: GroupService;
  members: GroupMemberService;
  announcements: GroupAnnouncementService;
  problems: GroupProblemService;
  problemApply: GroupProblemApplyService;
  trainings: GroupTrainingService;
  rank: GroupRankService;
  discussions: GroupDiscussionService;
  /** `group:<gid>`: who may open the group (signed in; a hidden group's members; super admins). */
  canWatch(gid: number, viewer: Viewer | null): Promise<boolean>;
}

export function createGroupServices(ctx: ServiceContext, testdata: TestdataService): GroupServices {
  return {
    groups: createGroupService(ctx),
    members: createGroupMemberService(ctx),
    announcements: createGroupAnnouncementService(ctx),
    problems: createGroupProblemService(ctx, testdata),
    problemApply: createGroupProblemApplyService(ctx),
    trainings: createGroupTrainingService(ctx),
    rank: createGroupRankService(ctx),
    discussions: createGroupDiscussionService(ctx),
    async canWatch(gid, viewer) {
      if (!viewer) return false;
      try {
        await groupFor(ctx.db, gid, viewer);
        return true;
      } catch (err) {
        // A refusal is an answer; a database that cannot be reached is not (the subscribe is answered unavailable).
        if (err instanceof OjError) return false;
        throw err;
      }
    },
  };
}
