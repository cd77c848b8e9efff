// Who may call each route: one rule per method and path, checked in `onRequest`, before a byte of the body is read
// (so a refused caller costs no parsing, and an upload is refused unread) and before the route's own hooks. A route registered without a rule here stops
// the gateway at start (`installAccessRules`), and `route-matrix.test.ts` calls every route as anonymous and as each
// of the roles 1000–1008 against this table. Rules are coarse on purpose: ownership and context (a problem admin's
// own problems, a contest's admins, a private contest's participants) are the services' checks, from the database.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ROLES, OjError, type Permission, type RoleName } from '@oj/proto';
import { requestCredentials, type Authenticator } from './auth';

export type AccessRule =
  /** Anyone; the route's own hook may identify a caller that sends a token. */
  | { kind: 'open' }
  /** Any signed-in user (what they may see or change is the service's check). */
  | { kind: 'login' }
  /** Signed in with one of these site roles. */
  | { kind: 'roles'; roles: readonly RoleName[] }
  /** Signed in with this permission (from the roles, as the `role_auth` table assigns them). */
  | { kind: 'permission'; permission: Permission }
  /** Signed in and admitted by at least one of the rules (or). */
  | { kind: 'any'; rules: readonly AccessRule[] }
  /** Signed in and admitted by every one of the rules (and). */
  | { kind: 'all'; rules: readonly AccessRule[] };

const open: AccessRule = { kind: 'open' };
const login: AccessRule = { kind: 'login' };
const roles = (...r: RoleName[]): AccessRule => ({ kind: 'roles', roles: r });
const permission = (p: Permission): AccessRule => ({ kind: 'permission', permission: p });
const all = (...rules: AccessRule[]): AccessRule => ({ kind: 'all', rules });
const any = (...rules: AccessRule[]): AccessRule => ({ kind: 'any', rules });
/** A teacher: any of the lesson_* strings (or). */
const teacher = any(permission('lesson_add'), permission('lesson_allocate'), permission('lesson_update'), permission('lesson_delete'));
const admins = roles(...ADMIN_ROLES);
/** Root and admins: a problem admin (1008) reaches the problem bank and nothing else (issue 13). */
const siteAdmins = roles('root', 'admin');
const root = roles('root');
const tagAdmins = roles('root', 'problem_admin');

/** A homework's or an exam's routes (edu-task.routes.ts): `manage` and the action's lesson_* string (and). */
const taskRoutes = (kind: 'homework' | 'exam', manage: AccessRule): Record<string, AccessRule> => ({
  [`GET /api/admin/${kind}/list`]: all(manage, teacher),
  [`GET /api/admin/${kind}`]: all(manage, teacher),
  [`POST /api/admin/${kind}`]: all(manage, permission('lesson_add')),
  [`PUT /api/admin/${kind}`]: all(manage, permission('lesson_update')),
  [`DELETE /api/admin/${kind}`]: all(manage, permission('lesson_delete')),
  [`GET /api/admin/${kind}/status`]: all(manage, teacher),
  [`GET /api/admin/${kind}/export`]: all(manage, teacher),
  [`GET /api/get-${kind}`]: any(permission('course_learn'), manage),
});

/** `METHOD /path` → rule. HEAD follows GET. */
export const ROUTE_ACCESS: Readonly<Record<string, AccessRule>> = {
  // accounts
  'POST /api/login': open,
  'POST /api/admin/login': open,
  'GET /api/logout': login,
  'GET /api/get-register-code': open,
  'POST /api/check-username-or-email': open,
  'POST /api/register': open,
  'GET /api/captcha': open,
  'GET /api/captcha-slide': open,
  'POST /api/apply-reset-password': open,
  'POST /api/reset-password': open,
  'POST /api/change-password': login,
  'GET /api/get-change-email-code': login,
  'POST /api/change-email': login,
  'POST /api/change-mobile': login,
  'POST /api/change-userInfo': login,
  'POST /api/file/upload-avatar': login,
  'GET /api/public/img/:name': open,
  'GET /api/admin/mail-outbox': roles('root', 'admin'),
  'GET /api/get-user-auth-info': login,
  'GET /api/admin/user/get-user-permission': login,
  // site, home, ranks
  'GET /api/get-website-config': open,
  'GET /api/languages': open,
  'GET /api/home-carousel': open,
  'GET /api/get-recent-contest': open,
  'GET /api/get-common-announcement': open,
  'GET /api/get-recent-seven-ac-rank': open,
  'GET /api/get-last-week-submission-statistics': open,
  'GET /api/get-recent-updated-problem': open,
  'GET /api/get-problem-tags-and-classification': open,
  'GET /api/get-user-home-info': open,
  'GET /api/get-user-calendar-heatmap': open,
  'GET /api/get-rank-list': open,
  // problems, tags, submissions
  'GET /api/get-problem-list': open,
  'GET /api/get-problem-detail': open,
  'GET /api/get-random-problem': open,
  'GET /api/get-all-problem-tags': open,
  'GET /api/get-problem-tags': open,
  'POST /api/submit-problem-judge': permission('submit'),
  'PUT /api/submission': login,
  'GET /api/get-last-ac-code': login,
  'GET /api/get-submission-list': open,
  'GET /api/get-submission-detail': open,
  'GET /api/get-all-case-result': open,
  'GET /api/get-case-data': open,
  'POST /api/check-submissions-status': open,
  'POST /api/submit-problem-test-judge': permission('submit'),
  'GET /api/get-test-judge-result': login,
  'GET /api/resubmit': login,
  // judge administration
  'GET /api/admin/judge/rejudge': root,
  'GET /api/admin/judge/rejudge-problem': root,
  'GET /api/admin/judge/manual-judge': root,
  'GET /api/admin/judge/cancel-judge': root,
  'GET /api/admin/judge/rejudge-contest-problem': root,
  'GET /api/admin/config/get-judge-service-info': siteAdmins,
  // admin dashboard
  'GET /api/admin/dashboard/get-dashboard-info': siteAdmins,
  'GET /api/admin/dashboard/get-dashboard-live': siteAdmins,
  // test data and problem files
  // admins, or (with gid) the admins of that group: the service's check
  'POST /api/file/upload-testcase-zip': login,
  'GET /api/file/download-testcase': login,
  'POST /api/file/import-problem': root,
  'POST /api/file/import-qdoj-problem': root,
  'POST /api/file/import-fps-problem': root,
  'POST /api/file/import-hydro-problem': root,
  'POST /api/file/import-icpc-problem': root,
  'POST /api/file/import-polygon-problem': root,
  'GET /api/file/export-problem': root,
  'POST /api/file/upload-md-img': login,
  'GET /api/file/delete-md-img': login,
  'POST /api/file/upload-md-file': login,
  'GET /api/public/file/:name': open,
  // problem bank administration
  'GET /api/admin/problem/get-problem-list': admins,
  'GET /api/admin/problem': admins,
  'POST /api/admin/problem': admins,
  'PUT /api/admin/problem': admins,
  'DELETE /api/admin/problem': roles('root', 'problem_admin'),
  'PUT /api/admin/problem/change-problem-auth': admins,
  'GET /api/admin/problem/get-problem-cases': admins,
  'POST /api/admin/problem/compile-spj': admins,
  'POST /api/admin/problem/compile-interactive': admins,
  'POST /api/admin/problem/self-check': admins,
  'GET /api/admin/problem/self-check': admins,
  'GET /api/admin/problem/judge-queue': admins,
  'POST /api/admin/tag': tagAdmins,
  'PUT /api/admin/tag': tagAdmins,
  'DELETE /api/admin/tag': tagAdmins,
  'GET /api/admin/tag/classification': tagAdmins,
  'POST /api/admin/tag/classification': tagAdmins,
  'PUT /api/admin/tag/classification': tagAdmins,
  'DELETE /api/admin/tag/classification': tagAdmins,
  // discussions and messages
  'GET /api/get-discussion-list': open,
  'GET /api/get-discussion-detail': open,
  'POST /api/discussion': permission('discussion_add'),
  'GET /api/comments': open,
  'POST /api/comment': login,
  'DELETE /api/comment': login,
  'GET /api/comment-like': login,
  'GET /api/reply': open,
  'POST /api/reply': login,
  'DELETE /api/reply': login,
  'GET /api/msg/unread': login,
  'GET /api/msg/comment': login,
  'GET /api/msg/reply': login,
  'GET /api/msg/like': login,
  'GET /api/msg/sys': login,
  'GET /api/msg/mine': login,
  'DELETE /api/msg/clean': login,
  // discussions (issue 18): categories (the super admin keeps the list), the author's edit, delete by the author or an
  // admin (the service's check), likes
  'GET /api/discussion-category': open,
  'POST /api/discussion-category': root,
  'PUT /api/discussion': permission('discussion_edit'),
  'DELETE /api/discussion': permission('discussion_del'),
  'GET /api/discussion-like': login,
  // contests
  'GET /api/get-contest-list': open,
  'GET /api/get-contest-info': login,
  'POST /api/register-contest': login,
  'GET /api/get-contest-access': login,
  'GET /api/get-contest-problem': open,
  'GET /api/get-contest-problem-details': login,
  'GET /api/contest-submissions': login,
  'POST /api/check-contest-submissions-status': login,
  'GET /api/get-contest-outsize-info': open,
  'POST /api/get-user-problem-status': login,
  'GET /api/get-contest-announcement': login,
  'POST /api/get-contest-not-read-announcement': login,
  'POST /api/read-contest-announcement': login,
  'POST /api/get-contest-rank': login,
  'POST /api/get-contest-outside-scoreboard': open,
  'GET /api/get-contest-scroll-board-info': open,
  'GET /api/get-contest-scroll-board-submission': open,
  'GET /api/file/download-contest-rank': login,
  'GET /api/get-contest-ac-info': login,
  'PUT /api/check-contest-ac-info': login,
  'POST /api/submit-print-text': login,
  'GET /api/get-contest-print': login,
  'PUT /api/check-contest-print-status': login,
  'GET /api/file/download-contest-print-text': login,
  // contest administration
  'GET /api/admin/contest/get-contest-list': siteAdmins,
  'GET /api/admin/contest': siteAdmins,
  'POST /api/admin/contest': siteAdmins,
  'PUT /api/admin/contest': siteAdmins,
  'DELETE /api/admin/contest': root,
  'GET /api/admin/contest/clone': siteAdmins,
  'PUT /api/admin/contest/change-contest-visible': siteAdmins,
  'GET /api/admin/contest/get-problem-list': siteAdmins,
  'GET /api/admin/contest/problem': siteAdmins,
  'DELETE /api/admin/contest/problem': siteAdmins,
  'GET /api/admin/contest/contest-problem': siteAdmins,
  'PUT /api/admin/contest/contest-problem': siteAdmins,
  'POST /api/admin/contest/add-problem-from-public': siteAdmins,
  'GET /api/admin/contest/announcement': siteAdmins,
  'POST /api/admin/contest/announcement': siteAdmins,
  'PUT /api/admin/contest/announcement': siteAdmins,
  'DELETE /api/admin/contest/announcement': siteAdmins,
  'POST /api/admin/contest/import-event-feed': roles('root', 'admin'),
  // the feed carries every sealed verdict: root and admins here, the contest's own admins in the service (issue 15)
  'GET /api/admin/contest/event-feed': siteAdmins,
  // site administration
  'GET /api/admin/config/get-web-config': root,
  'PUT /api/admin/config/set-web-config': root,
  'GET /api/admin/config/get-email-config': root,
  'PUT /api/admin/config/set-email-config': root,
  'POST /api/admin/config/test-email': root,
  'GET /api/admin/switch/info': root,
  'PUT /api/admin/switch/update': root,
  'GET /api/admin/config/home-carousel': root,
  'POST /api/file/upload-carouse-img': root,
  'DELETE /api/admin/config/home-carousel': root,
  'PUT /api/admin/config/home-carousel-order': root,
  'GET /api/admin/announcement': root,
  'POST /api/admin/announcement': root,
  'PUT /api/admin/announcement': root,
  'DELETE /api/admin/announcement': root,
  'GET /api/admin/msg/notice': root,
  'POST /api/admin/msg/notice': root,
  'PUT /api/admin/msg/notice': root,
  'DELETE /api/admin/msg/notice': root,
  'GET /api/admin/user/search': root,
  'GET /api/admin/discussion': siteAdmins,
  'PUT /api/admin/discussion': siteAdmins,
  'DELETE /api/admin/discussion': siteAdmins,
  'GET /api/admin/discussion-report': siteAdmins,
  'PUT /api/admin/discussion-report': siteAdmins,
  'POST /api/discussion-report': login,
  // users, roles and permissions
  'GET /api/admin/user/get-user-list': permission('user_admin'),
  'PUT /api/admin/user/edit-user': permission('user_admin'),
  'DELETE /api/admin/user/delete-user': permission('user_admin'),
  'POST /api/admin/user/preview-batch-user': permission('user_admin'),
  'POST /api/admin/user/insert-batch-user': permission('user_admin'),
  'POST /api/admin/user/generate-user': permission('user_admin'),
  'GET /api/file/generate-user-excel': all(root, permission('user_admin')),
  'GET /api/admin/role': root,
  'PUT /api/admin/role': root,
  'GET /api/admin/auth': root,
  'POST /api/admin/auth': root,
  'GET /api/admin/role-auth': root,
  'PUT /api/admin/role-auth': root,
  // contest admin (issue 13): a contest's own problems, the accepted-code zip (contest admins: the service's check)
  'POST /api/admin/contest/problem': siteAdmins,
  'PUT /api/admin/contest/problem': siteAdmins,
  'GET /api/file/download-contest-ac-submission': login,
  // trainings (issue 18): the users' side (a private training's problems and rank: registered members and its admins,
  // the services' check) and the admin side (root and admins; a training admin = its author or a super admin, the
  // services' check; delete root only, as the original)
  'GET /api/get-training-category': open,
  'GET /api/get-training-list': open,
  'GET /api/get-training-detail': login,
  'POST /api/register-training': login,
  'GET /api/get-training-access': login,
  'GET /api/get-training-problem-list': login,
  'GET /api/get-training-rank': login,
  'GET /api/admin/training/get-training-list': siteAdmins,
  'GET /api/admin/training': siteAdmins,
  'POST /api/admin/training': siteAdmins,
  'PUT /api/admin/training': siteAdmins,
  'DELETE /api/admin/training': root,
  'PUT /api/admin/training/change-training-status': siteAdmins,
  'GET /api/admin/training/get-problem-list': siteAdmins,
  'PUT /api/admin/training/problem': siteAdmins,
  'DELETE /api/admin/training/problem': siteAdmins,
  'POST /api/admin/training/add-problem-from-public': siteAdmins,
  'POST /api/admin/training/category': siteAdmins,
  'PUT /api/admin/training/category': siteAdmins,
  'DELETE /api/admin/training/category': siteAdmins,
  // education (issue 20): teachers hold lesson_* (reading: any of them; each change its own string), students
  // course_learn; a teacher's own grades, classes and courses and a student's own classes are the services' check
  'GET /api/admin/grade/list': teacher,
  'POST /api/admin/grade': permission('lesson_add'),
  'PUT /api/admin/grade': permission('lesson_update'),
  'DELETE /api/admin/grade': permission('lesson_delete'),
  'GET /api/admin/classes/list': teacher,
  'GET /api/admin/classes': teacher,
  'POST /api/admin/classes': permission('lesson_add'),
  'PUT /api/admin/classes': permission('lesson_update'),
  'DELETE /api/admin/classes': permission('lesson_delete'),
  'GET /api/admin/classes/student': teacher,
  'POST /api/admin/classes/student': permission('lesson_update'),
  'DELETE /api/admin/classes/student': permission('lesson_update'),
  'GET /api/admin/course/list': teacher,
  'GET /api/admin/course': teacher,
  'POST /api/admin/course': permission('lesson_add'),
  'PUT /api/admin/course': permission('lesson_update'),
  'DELETE /api/admin/course': permission('lesson_delete'),
  'PUT /api/admin/course/classes': permission('lesson_allocate'),
  'DELETE /api/admin/course/class': permission('lesson_allocate'),
  'PUT /api/admin/course/invite': permission('lesson_update'),
  'GET /api/admin/course/chapter': teacher,
  'POST /api/admin/course/chapter': permission('lesson_add'),
  'PUT /api/admin/course/chapter': permission('lesson_update'),
  'DELETE /api/admin/course/chapter': permission('lesson_delete'),
  'POST /api/admin/course/resource': permission('lesson_add'),
  'PUT /api/admin/course/resource': permission('lesson_update'),
  'DELETE /api/admin/course/resource': permission('lesson_delete'),
  'GET /api/get-course-list': permission('course_learn'),
  'GET /api/get-course-detail': any(permission('course_learn'), teacher),
  'GET /api/get-course-invite': login,
  'POST /api/join-course': permission('course_learn'),
  // homework and exams (issue 20, items 5–7): the kind's string and the action's lesson_* string (and); the course's
  // teacher (or the super admin) and an assigned class's student are the services' check
  ...taskRoutes('homework', permission('homework_manage')),
  ...taskRoutes('exam', permission('exam_manage')),
  'PUT /api/admin/exam/release': all(permission('exam_manage'), permission('lesson_update')),
  // operations (issue 16): readiness and the docs are public; /metrics checks its caller itself (loopback or OJ_METRICS_TOKEN)
  'GET /readyz': open,
  'GET /metrics': open,
  'GET /api/docs': open,
  'GET /api/docs/openapi.json': open,
  // groups (issue 19): a login (and group_add / group_del as the original); the group's rules are the services' check
  'GET /api/get-group-list': open,
  'GET /api/get-group-detail': login,
  'GET /api/get-group-access': login,
  'GET /api/get-group-auth': login,
  'POST /api/group': permission('group_add'),
  'PUT /api/group': login,
  'DELETE /api/group': permission('group_del'),
  'POST /api/file/upload-group-avatar': login,
  'GET /api/group/get-member-list': login,
  'GET /api/group/get-apply-list': login,
  'POST /api/group/member': login,
  'PUT /api/group/member': login,
  'DELETE /api/group/member': login,
  'DELETE /api/group/member/exit': login,
  'GET /api/group/get-announcement-list': login,
  'GET /api/group/get-admin-announcement-list': login,
  'POST /api/group/announcement': login,
  'PUT /api/group/announcement': login,
  'DELETE /api/group/announcement': login,
  'GET /api/group/get-problem-list': login,
  'GET /api/group/get-admin-problem-list': login,
  'GET /api/group/problem': login,
  'POST /api/group/problem': login,
  'PUT /api/group/problem': login,
  'DELETE /api/group/problem': login,
  'GET /api/group/get-problem-cases': login,
  'GET /api/group/get-all-problem-tags': login,
  'POST /api/group/compile-spj': login,
  'POST /api/group/compile-interactive': login,
  'PUT /api/group/change-problem-auth': login,
  'PUT /api/group/apply-public': login,
  'GET /api/admin/group-problem/list': tagAdmins,
  'PUT /api/admin/group-problem/change-progress': tagAdmins,
  // group contests (issue 19, item 7): a login; the group's rules (member, admin, root or creator) are the services'
  'GET /api/group/get-contest-list': login,
  'GET /api/group/get-admin-contest-list': login,
  'GET /api/group/contest': login,
  'POST /api/group/contest': login,
  'PUT /api/group/contest': login,
  'DELETE /api/group/contest': login,
  'PUT /api/group/change-contest-visible': login,
  'GET /api/group/get-contest-problem-list': login,
  'POST /api/group/contest-problem': login,
  'GET /api/group/contest-problem': login,
  'PUT /api/group/contest-problem': login,
  'DELETE /api/group/contest-problem': login,
  'POST /api/group/add-contest-problem-from-public': login,
  'POST /api/group/add-contest-problem-from-group': login,
  'GET /api/group/get-contest-announcement-list': login,
  'POST /api/group/contest-announcement': login,
  'PUT /api/group/contest-announcement': login,
  'DELETE /api/group/contest-announcement': login,
  // group trainings and rank (issue 19, items 6 and 8): a login; the group's rules are the services' check
  'GET /api/group/get-training-list': login,
  'GET /api/group/get-admin-training-list': login,
  'GET /api/group/training': login,
  'POST /api/group/training': login,
  'PUT /api/group/training': login,
  'DELETE /api/group/training': login,
  'PUT /api/group/change-training-status': login,
  'GET /api/group/get-training-problem-list': login,
  'PUT /api/group/training-problem': login,
  'DELETE /api/group/training-problem': login,
  'POST /api/group/add-training-problem-from-public': login,
  'POST /api/group/add-training-problem-from-group': login,
  'GET /api/get-group-rank-list': login,
  // group discussions (issue 19, item 8): a login (posting: discussion_add); switch, members, moderators: the services'
  'GET /api/group/get-discussion-list': login,
  'GET /api/group/get-admin-discussion-list': login,
  'POST /api/group/discussion': permission('discussion_add'),
  'PUT /api/group/discussion': login,
  'DELETE /api/group/discussion': login,
  // infrastructure and the web app
  'GET /healthz': open,
  'GET /*': open,
  // remote judge: the bank's import (problem admins too), the training's and contest's (as their add-from-public),
  // and the dashboard's per-site panel (as the dashboard)
  'GET /api/admin/problem/import-remote-oj-problem': admins,
  'GET /api/admin/training/import-remote-oj-problem': siteAdmins,
  'GET /api/admin/contest/import-remote-oj-problem': siteAdmins,
  'GET /api/admin/remote-judge/status': siteAdmins,
};

/** The rule of `method` `url` (HEAD as GET), or undefined. */
export function ruleOf(method: string, url: string): AccessRule | undefined {
  return ROUTE_ACCESS[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

/** Whether a signed-in caller with these roles and permissions passes `rule`. */
export function admits(rule: AccessRule, viewer: { roles: readonly string[]; permissions: readonly string[] }): boolean {
  switch (rule.kind) {
    case 'open':
    case 'login':
      return true;
    case 'roles':
      return viewer.roles.some((r) => (rule.roles as readonly string[]).includes(r));
    case 'permission':
      return viewer.permissions.includes(rule.permission);
    case 'any':
      return rule.rules.some((r) => admits(r, viewer));
    case 'all':
      return rule.rules.every((r) => admits(r, viewer));
  }
}

/** The header a refusal by these rules carries (the services' own refusals do not), for the matrix test. */
export const REFUSED_HEADER = 'x-access-rule';

function refuse(reply: FastifyReply, code: 'AUTH_NOT_LOGGED_IN' | 'AUTH_FORBIDDEN' | 'AUTH_NO_SUBMIT'): never {
  reply.header(REFUSED_HEADER, 'refused');
  throw new OjError(code);
}

/**
 * Attaches each route's rule as an `onRequest` hook (before the body is read); a route without a rule
 * throws at registration, so the gateway does not start with an unguarded route. Call before registering routes.
 * Answers the list of routes registered (`METHOD /path`), filled as they are.
 */
export function installAccessRules(app: FastifyInstance, auth: Authenticator): string[] {
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) routes.push(`${m} ${route.url}`);
    const rules = methods.map((m) => ruleOf(m, route.url));
    const rule = rules[0];
    if (!rule || rules.some((r) => r !== rule)) throw new Error(`route ${methods.join(',')} ${route.url} has no access rule in gateway/src/route-access.ts`);
    if (rule.kind === 'open') return;
    const check = async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      if (!requestCredentials(req)) refuse(reply, 'AUTH_NOT_LOGGED_IN');
      await auth.login.call(this, req, reply);
      if (!admits(rule, req.auth!.viewer)) refuse(reply, rule.kind === 'permission' && rule.permission === 'submit' ? 'AUTH_NO_SUBMIT' : 'AUTH_FORBIDDEN');
    };
    const prev = route.onRequest;
    route.onRequest = prev ? [check, ...(Array.isArray(prev) ? prev : [prev])] : check;
  });
  return routes;
}
