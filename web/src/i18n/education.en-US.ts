// English messages of the students' course pages, spread into en-US.ts; same ids as education.zh-CN.ts.
import type { educationZhCN } from './education.zh-CN';

export const educationEnUS: Record<keyof typeof educationZhCN, string> = {
  'education.nav.course': 'Courses',
  'education.list.title': 'My courses',
  'education.list.search': 'Search courses',
  'education.list.empty': "No courses yet: join one from your teacher's invite link",
  'education.list.loadFailed': 'Failed to load the courses',
  'education.detail.progress': 'My progress: {solved} / {total} ({pct}%)',
  'education.detail.loadFailed': 'Failed to load the course',
  'education.detail.noChapters': 'This course has no chapters yet',
  'education.invite.title': 'Course invite',
  'education.invite.invalid': 'Invalid invite link',
  'education.invite.login': 'Please log in first',
  'education.invite.loginButton': 'Login',
  'education.invite.loadFailed': 'Failed to load the invite',
  'education.invite.retry': 'Retry',
  'education.invite.meta': 'Teacher: {teacher} · Class: {className}',
  'education.invite.join': 'Join the course',
  'education.invite.joining': 'Joining…',
  'education.invite.expired': 'The invite code has expired',
  'education.invite.joined': 'You have joined this course',
  'education.invite.joinedToast': 'Joined successfully',
  'education.invite.open': 'Open the course',
};
