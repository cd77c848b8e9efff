// The education calls (issue 20; the spec names them, docs/education.md gives the paths): the teachers' grades,
// classes, class students, courses, allocations, invites, chapters and resources under /api/admin/, and the
// students' course list, course page, invite and join. The permission strings are route-access.ts's; ownership
// (a teacher's own rows, a student's own classes) is the services'.
import {
  AddClassStudentsBody,
  ChapterBody,
  ClassBody,
  ClassListQuery,
  ClassStudentIdQuery,
  ClassStudentQuery,
  CourseBody,
  CourseClassesBody,
  CourseClassQuery,
  CourseInviteQuery,
  EduIdQuery,
  EduPageQuery,
  GradeBody,
  JoinCourseBody,
  ok,
  RegenerateInviteBody,
  ResourceBody,
} from '@oj/proto';
import { Type } from '@sinclair/typebox';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

const CourseIdQuery = Type.Object({ courseId: EduIdQuery.properties.id });

export function registerEducationRoutes(app: TypedApp, { services }: RouteDeps): void {
  const edu = services.education;
  const done = (_: void) => ok(null);

  // grades
  app.get('/api/admin/grade/list', { schema: { querystring: EduPageQuery } }, async (req) => ok(await edu.listGrades(req.query, requireViewer(req))));
  app.post('/api/admin/grade', { schema: { body: GradeBody } }, async (req) => ok(await edu.saveGrade({ ...req.body, id: undefined }, requireViewer(req))));
  app.put('/api/admin/grade', { schema: { body: GradeBody } }, async (req) => ok(await edu.saveGrade(req.body, requireViewer(req))));
  app.delete('/api/admin/grade', { schema: { querystring: EduIdQuery } }, async (req) => done(await edu.deleteGrade(req.query.id, requireViewer(req))));

  // classes and their students
  app.get('/api/admin/classes/list', { schema: { querystring: ClassListQuery } }, async (req) => ok(await edu.listClasses(req.query, requireViewer(req))));
  app.get('/api/admin/classes', { schema: { querystring: EduIdQuery } }, async (req) => ok(await edu.getClass(req.query.id, requireViewer(req))));
  app.post('/api/admin/classes', { schema: { body: ClassBody } }, async (req) => ok(await edu.saveClass({ ...req.body, id: undefined }, requireViewer(req))));
  app.put('/api/admin/classes', { schema: { body: ClassBody } }, async (req) => ok(await edu.saveClass(req.body, requireViewer(req))));
  app.delete('/api/admin/classes', { schema: { querystring: EduIdQuery } }, async (req) => done(await edu.deleteClass(req.query.id, requireViewer(req))));
  app.get('/api/admin/classes/student', { schema: { querystring: ClassStudentQuery } }, async (req) => ok(await edu.listStudents(req.query, requireViewer(req))));
  app.post('/api/admin/classes/student', { schema: { body: AddClassStudentsBody } }, async (req) => ok(await edu.addStudents(req.body, requireViewer(req))));
  app.delete('/api/admin/classes/student', { schema: { querystring: ClassStudentIdQuery } }, async (req) =>
    done(await edu.removeStudent(req.query, requireViewer(req))),
  );

  // courses, allocations and invites
  app.get('/api/admin/course/list', { schema: { querystring: EduPageQuery } }, async (req) => ok(await edu.adminListCourses(req.query, requireViewer(req))));
  app.get('/api/admin/course', { schema: { querystring: EduIdQuery } }, async (req) => ok(await edu.adminGetCourse(req.query.id, requireViewer(req))));
  app.post('/api/admin/course', { schema: { body: CourseBody } }, async (req) => ok(await edu.saveCourse({ ...req.body, id: undefined }, requireViewer(req))));
  app.put('/api/admin/course', { schema: { body: CourseBody } }, async (req) => ok(await edu.saveCourse(req.body, requireViewer(req))));
  app.delete('/api/admin/course', { schema: { querystring: EduIdQuery } }, async (req) => done(await edu.deleteCourse(req.query.id, requireViewer(req))));
  app.put('/api/admin/course/classes', { schema: { body: CourseClassesBody } }, async (req) => ok(await edu.setCourseClasses(req.body, requireViewer(req))));
  app.delete('/api/admin/course/class', { schema: { querystring: CourseClassQuery } }, async (req) => done(await edu.removeCourseClass(req.query, requireViewer(req))));
  app.put('/api/admin/course/invite', { schema: { body: RegenerateInviteBody } }, async (req) => ok(await edu.regenerateInvite(req.body, requireViewer(req))));

  // chapters and resources
  app.get('/api/admin/course/chapter', { schema: { querystring: CourseIdQuery } }, async (req) => ok(await edu.adminChapters(req.query.courseId, requireViewer(req))));
  app.post('/api/admin/course/chapter', { schema: { body: ChapterBody } }, async (req) => ok(await edu.saveChapter({ ...req.body, id: undefined }, requireViewer(req))));
  app.put('/api/admin/course/chapter', { schema: { body: ChapterBody } }, async (req) => ok(await edu.saveChapter(req.body, requireViewer(req))));
  app.delete('/api/admin/course/chapter', { schema: { querystring: EduIdQuery } }, async (req) => done(await edu.deleteChapter(req.query.id, requireViewer(req))));
  app.post('/api/admin/course/resource', { schema: { body: ResourceBody } }, async (req) => ok(await edu.saveResource({ ...req.body, id: undefined }, requireViewer(req))));
  app.put('/api/admin/course/resource', { schema: { body: ResourceBody } }, async (req) => ok(await edu.saveResource(req.body, requireViewer(req))));
  app.delete('/api/admin/course/resource', { schema: { querystring: EduIdQuery } }, async (req) => done(await edu.deleteResource(req.query.id, requireViewer(req))));

  // the students' side
  app.get('/api/get-course-list', { schema: { querystring: EduPageQuery } }, async (req) => ok(await edu.myCourses(req.query, requireViewer(req))));
  app.get('/api/get-course-detail', { schema: { querystring: EduIdQuery } }, async (req) => ok(await edu.courseDetail(req.query.id, requireViewer(req))));
  app.get('/api/get-course-invite', { schema: { querystring: CourseInviteQuery } }, async (req) => ok(await edu.courseInvite(req.query, requireViewer(req))));
  app.post('/api/join-course', { schema: { body: JoinCourseBody } }, async (req) => ok(await edu.joinCourse(req.body, requireViewer(req))));
}
