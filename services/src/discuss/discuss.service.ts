// Discussions, comments, replies and comment likes as the one service the gateway calls; each part keeps its rules
// in its own module (discussion.service, comment.service, reply.service, with the shared rules in comment-access).
import type { ServiceContext } from '../context';
import { createCommentService, type CommentService } from './comment.service';
import { createDiscussionService, type DiscussionService } from './discussion.service';
import { createReplyService, type ReplyService } from './reply.service';

export type DiscussService = DiscussionService & CommentService & ReplyService;

export function createDiscussService(ctx: ServiceContext): DiscussService {
  return { ...createDiscussionService(ctx), ...createCommentService(ctx), ...createReplyService(ctx) };
}
