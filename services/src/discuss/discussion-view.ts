// Discussions as the pages show them: the author's name, avatar, title badge and role badge (SPA / ADM), the
// category's name, and the caller's like.
import type { Discussion } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { adminRoleOf } from './discuss.repo';
import type { DiscussionWithAuthor } from './discussion.repo';

type Row = NonNullable<DiscussionWithAuthor>;

function toVO({ d, author, avatar, titleName, titleColor, categoryName }: Row, role: string | null): Discussion {
  return {
    id: d.id,
    title: d.title,
    description: d.description,
    uid: d.uid,
    author,
    avatar,
    role,
    titleName,
    titleColor,
    categoryId: d.categoryId,
    categoryName,
    viewNum: d.viewNum,
    likeNum: d.likeNum,
    commentNum: d.commentNum,
    topPriority: d.topPriority,
    pid: d.pid,
    status: d.status,
    gmtCreate: d.gmtCreate.toISOString(),
  };
}

/** The list's cards (no content). */
export async function discussionCards(db: DbOrTx, rows: Row[]): Promise<Discussion[]> {
  const roles = await adminRoleOf(db, [...new Set(rows.map((r) => r.d.uid))]);
  return rows.map((r) => toVO(r, roles.get(r.d.uid) ?? null));
}

/** The detail: with the markdown content and whether the caller liked it. */
export async function discussionDetail(db: DbOrTx, row: Row, hasLike: boolean): Promise<Discussion> {
  const roles = await adminRoleOf(db, [row.d.uid]);
  return { ...toVO(row, roles.get(row.d.uid) ?? null), content: row.d.content, hasLike, gid: row.d.gid };
}
