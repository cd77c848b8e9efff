// Education (issue 20): grades, classes and their students, courses with chapters and resources, per-class invite
// codes and the students' side. The spec names the calls and their fields (pageNum, pageSize, keyword, courseId,
// classesIds, classesId, userId, inviteCode); docs/education.md gives the paths and the choices where it is silent.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './contest/common';
import { TaskSummaryVO } from './edu-task';

/** Limits and page sizes of the specification (§ course validation, § business constants). */
export const EDU_LIMITS = {
  courseTitleMax: 30,
  courseDescriptionMax: 150,
  coverMaxBytes: 2 * 1024 * 1024,
  coverTypes: ['image/jpeg', 'image/png'],
  coursePageSize: 10,
  studentPageSize: 10,
  /** The class-student dialog's refresh while the socket is down (the spec's 15 s). */
  studentRefreshMs: 15_000,
  /** Grades and classes are read 100 at a time. */
  basePageSize: 100,
  nameMax: 50,
  chapterTitleMax: 100,
  resourceTitleMax: 100,
  resourceContentMax: 65_535,
  /** Usernames added to a class in one request (a CSV of a year's intake). */
  importMax: 500,
  /** A new invite code lasts this many days unless the teacher chooses. */
  inviteDaysDefault: 7,
  inviteDaysMax: 365,
} as const;

const PageNum = Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }));
const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }));
const Keyword = Type.Optional(Type.String({ maxLength: 100 }));
/** The spec's list query: pageNum, pageSize, keyword. */
export const EduPageQuery = Type.Object({ pageNum: PageNum, pageSize: PageSize, keyword: Keyword });
export type EduPageQuery = Static<typeof EduPageQuery>;
export const EduIdQuery = Type.Object({ id: Id });
export type EduIdQuery = Static<typeof EduIdQuery>;

const Name = Type.String({ minLength: 1, maxLength: EDU_LIMITS.nameMax });

// ---------- grades and classes ----------

export const GradeVO = Type.Object({ id: Type.Integer(), name: Type.String(), classCount: Type.Integer(), creator: Type.String() });
export type GradeVO = Static<typeof GradeVO>;
export const GradeBody = Type.Object({ id: Type.Optional(Id), name: Name });
export type GradeBody = Static<typeof GradeBody>;

export const ClassVO = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  studentCount: Type.Integer(),
  creator: Type.String(),
});
export type ClassVO = Static<typeof ClassVO>;
export const ClassListQuery = Type.Object({ pageNum: PageNum, pageSize: PageSize, keyword: Keyword, gradeId: Type.Optional(Id) });
export type ClassListQuery = Static<typeof ClassListQuery>;
export const ClassBody = Type.Object({ id: Type.Optional(Id), name: Name, gradeId: Id });
export type ClassBody = Static<typeof ClassBody>;

export const GENDERS = ['male', 'female', 'other', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];
/** The spec's gender: male, female, other; unknown otherwise. */
export function genderOf(g: string | null | undefined): Gender {
  return g === 'male' || g === 'female' || g === 'other' ? g : 'unknown';
}

export const ClassStudentVO = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  number: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  gender: Type.Union(GENDERS.map((g) => Type.Literal(g))),
  gmtJoin: Type.String(),
});
export type ClassStudentVO = Static<typeof ClassStudentVO>;
export const ClassStudentQuery = Type.Object({ classesId: Id, pageNum: PageNum, pageSize: PageSize, keyword: Keyword });
export type ClassStudentQuery = Static<typeof ClassStudentQuery>;
/** Add students by username (a typed list or the first column of a CSV); all or nothing. */
export const AddClassStudentsBody = Type.Object({
  classesId: Id,
  usernames: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: EDU_LIMITS.importMax }),
});
export type AddClassStudentsBody = Static<typeof AddClassStudentsBody>;
export const AddClassStudentsResult = Type.Object({ added: Type.Integer(), already: Type.Integer() });
export type AddClassStudentsResult = Static<typeof AddClassStudentsResult>;
export const ClassStudentIdQuery = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }), classesId: Id });
export type ClassStudentIdQuery = Static<typeof ClassStudentIdQuery>;

// ---------- courses ----------

export const CourseBody = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: EDU_LIMITS.courseTitleMax }),
  description: Type.String({ maxLength: EDU_LIMITS.courseDescriptionMax }),
  /** A link answered by the image upload (`/api/public/...`), or empty. */
  coverImage: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
});
export type CourseBody = Static<typeof CourseBody>;

export const AllocatedClassVO = Type.Object({
  classId: Type.Integer(),
  className: Type.String(),
  gradeName: Type.String(),
  studentCount: Type.Integer(),
  inviteCode: Type.String(),
  inviteCodeExpireTime: Type.String(),
});
export type AllocatedClassVO = Static<typeof AllocatedClassVO>;

/** The spec's course: id, title, description, coverImage, studentCount, allocatedClasses, creator, classesId. */
export const CourseVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  coverImage: Nullable(Type.String()),
  studentCount: Type.Integer(),
  creator: Type.String(),
  classesId: Type.Array(Type.Integer()),
  allocatedClasses: Type.Array(AllocatedClassVO),
  gmtCreate: Type.String(),
});
export type CourseVO = Static<typeof CourseVO>;

export const CourseClassesBody = Type.Object({ courseId: Id, classesIds: Type.Array(Id, { maxItems: 200 }) });
export type CourseClassesBody = Static<typeof CourseClassesBody>;
export const CourseClassQuery = Type.Object({ courseId: Id, classId: Id });
export type CourseClassQuery = Static<typeof CourseClassQuery>;
export const RegenerateInviteBody = Type.Object({
  courseId: Id,
  classId: Id,
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: EDU_LIMITS.inviteDaysMax })),
});
export type RegenerateInviteBody = Static<typeof RegenerateInviteBody>;

// ---------- chapters and resources ----------

export const RESOURCE_KINDS = ['markdown', 'file', 'problem'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const ChapterBody = Type.Object({
  id: Type.Optional(Id),
  courseId: Id,
  title: Type.String({ minLength: 1, maxLength: EDU_LIMITS.chapterTitleMax }),
  rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export type ChapterBody = Static<typeof ChapterBody>;

export const ResourceBody = Type.Object({
  id: Type.Optional(Id),
  chapterId: Id,
  kind: Type.Union(RESOURCE_KINDS.map((k) => Type.Literal(k))),
  title: Type.String({ minLength: 1, maxLength: EDU_LIMITS.resourceTitleMax }),
  content: Type.Optional(Type.String({ maxLength: EDU_LIMITS.resourceContentMax })),
  /** A file resource's link (from the file upload). */
  link: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  /** A problem resource's display id (`1000`, `HDU-1000`). */
  problemId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export type ResourceBody = Static<typeof ResourceBody>;

export const ResourceVO = Type.Object({
  id: Type.Integer(),
  chapterId: Type.Integer(),
  kind: Type.Union(RESOURCE_KINDS.map((k) => Type.Literal(k))),
  title: Type.String(),
  content: Type.String(),
  link: Nullable(Type.String()),
  pid: Nullable(Type.Integer()),
  problemId: Nullable(Type.String()),
  rank: Type.Integer(),
  /** Student side: the caller has solved this problem (problem resources only; null otherwise). */
  solved: Nullable(Type.Boolean()),
});
export type ResourceVO = Static<typeof ResourceVO>;

export const ChapterVO = Type.Object({ id: Type.Integer(), courseId: Type.Integer(), title: Type.String(), rank: Type.Integer(), resources: Type.Array(ResourceVO) });
export type ChapterVO = Static<typeof ChapterVO>;

/** The student's course page: the course, its chapters in order and their own progress over its problems. */
export const CourseDetailVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  coverImage: Nullable(Type.String()),
  creator: Type.String(),
  chapters: Type.Array(ChapterVO),
  progress: Type.Object({ solved: Type.Integer(), total: Type.Integer() }),
  /** The course's homework and exams assigned to the student's classes (all of them for its teacher). */
  tasks: Type.Array(TaskSummaryVO),
});
export type CourseDetailVO = Static<typeof CourseDetailVO>;

// ---------- invites ----------

/** The spec's course invite: id, classesId, inviteCode, inviteCodeExpireTime, title, description, coverImage, creator. */
export const CourseInviteVO = Type.Object({
  id: Type.Integer(),
  classesId: Type.Integer(),
  className: Type.String(),
  inviteCode: Type.String(),
  inviteCodeExpireTime: Type.String(),
  title: Type.String(),
  description: Type.String(),
  coverImage: Nullable(Type.String()),
  creator: Type.String(),
  /** The caller is already a student of that class. */
  joined: Type.Boolean(),
});
export type CourseInviteVO = Static<typeof CourseInviteVO>;
export const CourseInviteQuery = Type.Object({ courseId: Id, inviteCode: Type.String({ minLength: 1, maxLength: 64 }) });
export type CourseInviteQuery = Static<typeof CourseInviteQuery>;
export const JoinCourseBody = Type.Object({ classesId: Id, inviteCode: Type.String({ minLength: 1, maxLength: 64 }) });
export type JoinCourseBody = Static<typeof JoinCourseBody>;

/** The invite link of the spec: `{origin}/courses/{id}/invite?inviteCode={code}`. */
export function inviteLink(origin: string, courseId: number, inviteCode: string): string {
  return `${origin}/courses/${courseId}/invite?inviteCode=${encodeURIComponent(inviteCode)}`;
}

// ---------- live ----------

/** `class.students` on `class:<id>`: the class's students changed (the dialog reloads its page). */
export const ClassStudentsEvent = Type.Object({
  classId: Type.Integer(),
  change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('joined')]),
  studentCount: Type.Integer(),
});
export type ClassStudentsEvent = Static<typeof ClassStudentsEvent>;
