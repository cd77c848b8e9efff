// First-start data of the home page: one welcome announcement (markdown), written by root.
import { count, eq } from 'drizzle-orm';
import type { Tx } from './client';
import { announcement, users } from './schema';

export const WELCOME_ANNOUNCEMENT = {
  title: 'Welcome / 欢迎',
  content: [
    '## Welcome to the online judge',
    '',
    'Pick a problem from the **Problems** page, submit your code and watch each test case arrive live on the **Status** page.',
    '',
    '## 欢迎使用本在线评测系统',
    '',
    '在 **题目** 页面选择题目并提交代码，在 **评测状态** 页面实时查看每个测试点的结果。',
    '',
    '- A+B: `1000`',
    '- Help: [/help](/help)',
  ].join('\n'),
};

/** Inserts the welcome announcement when there is no announcement at all. */
export async function seedAnnouncements(tx: Tx): Promise<void> {
  const [row] = await tx.select({ n: count() }).from(announcement);
  if ((row?.n ?? 0) > 0) return;
  const [root] = await tx.select({ uuid: users.uuid }).from(users).where(eq(users.username, 'root'));
  await tx.insert(announcement).values({ ...WELCOME_ANNOUNCEMENT, uid: root?.uuid ?? null });
}
