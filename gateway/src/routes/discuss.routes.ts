// Discussions, their categories and likes, comments, replies and comment likes, and the message center. Posting rules
// (mute roles, AC gate, content limits, edit and delete rights) live in the services so a direct API call meets them
// too; the per-user limits of posts, comments and likes are here (reports: site-admin.routes.ts).
import {
  CategoryListBody,
  CommentBody,
  CommentDeleteBody,
  CommentLikeQuery,
  CommentListQuery,
  DiscussionBody,
  DiscussionDeleteQuery,
  DiscussionDetailQuery,
  DiscussionLikeQuery,
  DiscussionListQuery,
  DiscussionUpdateBody,
  MsgCleanQuery,
  MsgListQuery,
  ok,
  ReplyBody,
  ReplyDeleteBody,
  ReplyListQuery,
} from '@oj/proto';
import type { FastifyRequest } from 'fastify';
import { createLimiter } from '../rate-limit';
import { requireViewer, viewerOf, type RouteDeps, type TypedApp } from './types';

export function registerDiscussRoutes(app: TypedApp, { services, auth, config }: RouteDeps): void {
  const { discuss, messages } = services;
  // Likes are idempotent per user and comment (services); this bounds how fast anyone can toggle them.
  const { windowMs, likePerUser, commentPerUser, discussionPerUser } = config.rateLimit;
  const byUser = (req: FastifyRequest) => req.auth?.viewer.uid ?? null;
  const likesPerUser = createLimiter(services, { name: 'like', max: likePerUser, windowMs, key: byUser });
  // Comments and replies share one budget per user (the AC gate and the daily discussion limit are the services').
  const postsPerUser = createLimiter(services, { name: 'comment', max: commentPerUser, windowMs, key: byUser });
  // New discussions and edits share one budget per user (besides the daily limit of new ones, the services').
  const discussionsPerUser = createLimiter(services, { name: 'discussion', max: discussionPerUser, windowMs, key: byUser });

  app.get('/api/discussion-category', async () => ok(await discuss.categories()));
  app.post('/api/discussion-category', { schema: { body: CategoryListBody } }, async (req) => ok(await discuss.saveCategories(req.body)));
  app.get('/api/get-discussion-list', { schema: { querystring: DiscussionListQuery }, preHandler: auth.anon }, async (req) =>
    ok(await discuss.listDiscussions(req.query, viewerOf(req))),
  );
  // An anonymous reader's views count once per client address (stored hashed).
  app.get('/api/get-discussion-detail', { schema: { querystring: DiscussionDetailQuery }, preHandler: auth.anon }, async (req) =>
    ok(await discuss.discussion(req.query.did, viewerOf(req), req.ip)),
  );
  app.post('/api/discussion', { schema: { body: DiscussionBody }, preHandler: [auth.login, auth.permission('discussion_add'), discussionsPerUser] }, async (req) =>
    ok(await discuss.addDiscussion(req.body, requireViewer(req))),
  );
  app.put('/api/discussion', { schema: { body: DiscussionUpdateBody }, preHandler: discussionsPerUser }, async (req) => {
    await discuss.updateDiscussion(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete('/api/discussion', { schema: { querystring: DiscussionDeleteQuery } }, async (req) => {
    await discuss.deleteDiscussion(req.query.did, requireViewer(req));
    return ok(null);
  });
  app.get('/api/discussion-like', { schema: { querystring: DiscussionLikeQuery }, preHandler: likesPerUser }, async (req) => {
    await discuss.likeDiscussion(req.query, requireViewer(req));
    return ok(null);
  });

  app.get('/api/comments', { schema: { querystring: CommentListQuery }, preHandler: auth.anon }, async (req) =>
    ok(await discuss.comments(req.query, viewerOf(req))),
  );
  app.post('/api/comment', { schema: { body: CommentBody }, preHandler: [auth.login, postsPerUser] }, async (req) =>
    ok(await discuss.addComment(req.body, requireViewer(req))),
  );
  app.delete('/api/comment', { schema: { body: CommentDeleteBody }, preHandler: auth.login }, async (req) => {
    await discuss.deleteComment(req.body, requireViewer(req));
    return ok(null);
  });
  app.get('/api/comment-like', { schema: { querystring: CommentLikeQuery }, preHandler: [auth.login, likesPerUser] }, async (req) => {
    await discuss.likeComment(req.query, requireViewer(req));
    return ok(null);
  });

  app.get('/api/reply', { schema: { querystring: ReplyListQuery }, preHandler: auth.anon }, async (req) => ok(await discuss.replies(req.query.commentId, viewerOf(req))));
  app.post('/api/reply', { schema: { body: ReplyBody }, preHandler: [auth.login, postsPerUser] }, async (req) => ok(await discuss.addReply(req.body, requireViewer(req))));
  app.delete('/api/reply', { schema: { body: ReplyDeleteBody }, preHandler: auth.login }, async (req) => {
    await discuss.deleteReply(req.body.reply.id, requireViewer(req));
    return ok(null);
  });

  app.get('/api/msg/unread', { preHandler: auth.login }, async (req) => ok(await messages.unread(requireViewer(req))));
  for (const kind of ['comment', 'reply', 'like'] as const) {
    app.get(`/api/msg/${kind}`, { schema: { querystring: MsgListQuery }, preHandler: auth.login }, async (req) =>
      ok(await messages.userMessages(kind, req.query, requireViewer(req))),
    );
  }
  for (const kind of ['sys', 'mine'] as const) {
    app.get(`/api/msg/${kind}`, { schema: { querystring: MsgListQuery }, preHandler: auth.login }, async (req) =>
      ok(await messages.sysMessages(kind, req.query, requireViewer(req))),
    );
  }
  app.delete('/api/msg/clean', { schema: { querystring: MsgCleanQuery }, preHandler: auth.login }, async (req) => {
    await messages.clean(req.query.type, req.query.id, requireViewer(req));
    return ok(null);
  });
}
