// REST calls of the education pages (docs/education.md gives the paths): the teachers' grades, classes, students,
// courses, allocations, invites, chapters and resources, and the students' courses, invite and join. Answers decoded.
import {
  AddClassStudentsResult,
  ChapterVO,
  ClassStudentVO,
  ClassVO,
  CourseDetailVO,
  CourseInviteVO,
  CourseVO,
  decode,
  GradeVO,
  Page,
  type ChapterBody,
  type ClassBody,
  type CourseBody,
  type GradeBody,
  type PageOf,
  type ResourceBody,
} from '@oj/proto';
import { Type } from '@sinclair/typebox';
import { api } from '../../lib/api';
import { uploadFile } from '../../lib/upload';

export type ListQuery = {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
};
const gradePage = Page(GradeVO);
const classPage = Page(ClassVO);
const studentPage = Page(ClassStudentVO);
const coursePage = Page(CourseVO);
const Saved = Type.Object({ id: Type.Integer() });
const saved = { decode: (x: unknown) => decode(Saved, x) };
/** The spec's quiet calls: the pages show their own '… 失败' toasts. */
const quiet = { silent: true } as const;

export const listGrades = (q: ListQuery = {}): Promise<PageOf<GradeVO>> =>
  api.get('/admin/grade/list', { query: { pageNum: 1, pageSize: 100, ...q }, decode: (x) => decode(gradePage, x) });
export const saveGrade = (b: GradeBody) => (b.id ? api.put('/admin/grade', b, saved) : api.post('/admin/grade', b, saved));
export const deleteGrade = (id: number) => api.delete('/admin/grade', { query: { id }, ...quiet });

export const listClasses = (q: ListQuery & { gradeId?: number } = {}): Promise<PageOf<ClassVO>> =>
  api.get('/admin/classes/list', { query: { pageNum: 1, pageSize: 100, ...q }, decode: (x) => decode(classPage, x) });
export const getClass = (id: number): Promise<ClassVO> => api.get('/admin/classes', { query: { id }, decode: (x) => decode(ClassVO, x) });
export const saveClass = (b: ClassBody) => (b.id ? api.put('/admin/classes', b, saved) : api.post('/admin/classes', b, saved));
export const deleteClass = (id: number) => api.delete('/admin/classes', { query: { id }, ...quiet });

export const listStudents = (classesId: number, q: ListQuery, silent = false): Promise<PageOf<ClassStudentVO>> =>
  api.get('/admin/classes/student', { query: { classesId, ...q }, decode: (x) => decode(studentPage, x), silent });
export const addStudents = (classesId: number, usernames: string[]): Promise<AddClassStudentsResult> =>
  api.post('/admin/classes/student', { classesId, usernames }, { decode: (x) => decode(AddClassStudentsResult, x), ...quiet });
export const removeStudent = (classesId: number, userId: string) => api.delete('/admin/classes/student', { query: { classesId, userId }, ...quiet });

export const adminListCourses = (q: ListQuery): Promise<PageOf<CourseVO>> =>
  api.get('/admin/course/list', { query: q, decode: (x) => decode(coursePage, x), ...quiet });
export const adminGetCourse = (id: number): Promise<CourseVO> => api.get('/admin/course', { query: { id }, decode: (x) => decode(CourseVO, x), ...quiet });
export const saveCourse = (b: CourseBody) => (b.id ? api.put('/admin/course', b, { ...saved, ...quiet }) : api.post('/admin/course', b, { ...saved, ...quiet }));
export const deleteCourse = (id: number) => api.delete('/admin/course', { query: { id }, ...quiet });
export const setCourseClasses = (courseId: number, classesIds: number[]): Promise<CourseVO> =>
  api.put('/admin/course/classes', { courseId, classesIds }, { decode: (x) => decode(CourseVO, x), ...quiet });
export const removeCourseClass = (courseId: number, classId: number) => api.delete('/admin/course/class', { query: { courseId, classId }, ...quiet });
export const regenerateInvite = (courseId: number, classId: number): Promise<CourseVO> =>
  api.put('/admin/course/invite', { courseId, classId }, { decode: (x) => decode(CourseVO, x), ...quiet });

export const adminChapters = (courseId: number): Promise<ChapterVO[]> =>
  api.get('/admin/course/chapter', { query: { courseId }, decode: (x) => decode(Type.Array(ChapterVO), x) });
export const saveChapter = (b: ChapterBody) => (b.id ? api.put('/admin/course/chapter', b, saved) : api.post('/admin/course/chapter', b, saved));
export const deleteChapter = (id: number) => api.delete('/admin/course/chapter', { query: { id } });
export const saveResource = (b: ResourceBody) => (b.id ? api.put('/admin/course/resource', b, saved) : api.post('/admin/course/resource', b, saved));
export const deleteResource = (id: number) => api.delete('/admin/course/resource', { query: { id } });

/** The course cover through the image upload (JPG/PNG under 2 MB is checked before). */
export const uploadCover = (file: File) => uploadFile<{ link: string; fileId: number }>('/file/upload-md-img', file, file.name);
export const uploadResourceFile = (file: File) => uploadFile<{ link: string; fileId: number }>('/file/upload-md-file', file, file.name);

export const myCourses = (q: ListQuery): Promise<PageOf<CourseVO>> => api.get('/get-course-list', { query: q, decode: (x) => decode(coursePage, x), ...quiet });
export const courseDetail = (id: number): Promise<CourseDetailVO> => api.get('/get-course-detail', { query: { id }, decode: (x) => decode(CourseDetailVO, x), ...quiet });
export const getCourseInvite = (courseId: number, inviteCode: string): Promise<CourseInviteVO> =>
  api.get('/get-course-invite', { query: { courseId, inviteCode }, decode: (x) => decode(CourseInviteVO, x), ...quiet });
export const joinCourse = (classesId: number, inviteCode: string) => api.post<unknown>('/join-course', { classesId, inviteCode }, quiet);
