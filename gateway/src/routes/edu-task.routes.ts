// Homework and exams of a course (issue 20, items 5–7; docs/education.md): the teacher's CRUD, release, status grid /
// live monitor and XLSX under /api/admin/homework and /api/admin/exam, and the students' pages. Permission strings
// are route-access.ts's; the course's ownership and the student's class are the services' checks.
import { EduIdQuery, ok, ReleaseExamBody, TaskBody, TaskListQuery, TASK_KINDS } from '@oj/proto';
import { pickLocale } from '../locale';
import { attachment } from './attachment';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerEduTaskRoutes(app: TypedApp, { services }: RouteDeps): void {
  const edu = services.education;
  for (const kind of TASK_KINDS) {
    const base = `/api/admin/${kind}`;
    app.get(`${base}/list`, { schema: { querystring: TaskListQuery } }, async (req) => ok(await edu.listTasks(kind, req.query, requireViewer(req))));
    app.get(base, { schema: { querystring: EduIdQuery } }, async (req) => ok(await edu.getTask(kind, req.query.id, requireViewer(req))));
    app.post(base, { schema: { body: TaskBody } }, async (req) => ok(await edu.saveTask(kind, { ...req.body, id: undefined }, requireViewer(req))));
    app.put(base, { schema: { body: TaskBody } }, async (req) => ok(await edu.saveTask(kind, req.body, requireViewer(req))));
    app.delete(base, { schema: { querystring: EduIdQuery } }, async (req) => ok(await edu.deleteTask(kind, req.query.id, requireViewer(req)).then(() => null)));
    app.get(`${base}/status`, { schema: { querystring: EduIdQuery } }, async (req) => ok(await edu.taskStatus(kind, req.query.id, requireViewer(req))));
    app.get(`${base}/export`, { schema: { querystring: EduIdQuery } }, async (req, reply) => {
      const lang = pickLocale(req) === 'en-US' ? 'en' : 'zh';
      const file = await edu.exportTask(kind, req.query.id, lang, requireViewer(req));
      return reply.header('Content-Type', XLSX).header('Content-Disposition', attachment(file.filename)).send(file.body);
    });
    app.get(`/api/get-${kind}`, { schema: { querystring: EduIdQuery } }, async (req) => ok(await edu.myTask(kind, req.query.id, requireViewer(req))));
  }
  app.put('/api/admin/exam/release', { schema: { body: ReleaseExamBody } }, async (req) => ok(await edu.releaseExam(req.body, requireViewer(req)).then(() => null)));
}
