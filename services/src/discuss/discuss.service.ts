// Discussions, their categories and likes, comments, replies and comment likes as the one service the gateway calls;
// each part keeps its rules in its own module (discussion.service, discussion-like.service, category.service,
// comment.service, reply.service, with the shared rules in discussion-access and comment-access).
import type { ServiceContext } from '../context';
import { createCategoryService, type CategoryService } from './category.service';
import { createCommentService, type CommentService } from './comment.service';
import { createDiscussionLikeService, type DiscussionLikeService } from './discussion-like.service';
import { createDiscussionService, type DiscussionService } from './discussion.service';
import { createReplyService, type ReplyService } from './reply.service';

export type DiscussService = DiscussionService & DiscussionLikeService & CategoryService & CommentService & ReplyService;

export function createDiscussService(ctx: ServiceContext): DiscussService {
  return {
    ...createDiscussionService(ctx),
    ...createDiscussionLikeService(ctx),
    ...createCategoryService(ctx),
    ...createCommentService(ctx),
    ...createReplyService(ctx),
  };
}
