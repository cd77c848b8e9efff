// The education area as the services expose it: grades, classes and students; courses, chapters and resources;
// the students' side with invites; homework and exams.
import type { ServiceContext } from '../context';
import { createChapterService, type ChapterService } from './chapter.service';
import { createClassService, type ClassService } from './class.service';
import { createCourseLearnService, type CourseLearnService } from './course-learn.service';
import { createCourseService, type CourseService } from './course.service';
import { createTaskLearnService, type TaskLearnService } from './task-learn.service';
import { createTaskService, type TaskService } from './task.service';

export type Education = ClassService & CourseService & ChapterService & CourseLearnService & TaskService & TaskLearnService;

export function createEducation(ctx: ServiceContext): Education {
  return { ...createClassService(ctx), ...createCourseService(ctx), ...createChapterService(ctx), ...createCourseLearnService(ctx), ...createTaskService(ctx), ...createTaskLearnService(ctx) };
}
