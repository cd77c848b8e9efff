// Comments and replies as the pages show them: with their authors' names, avatars, titles and admin tag, and each
// comment with the replies its reader may see.
import type { CommentVO, ReplyVO } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { adminRoleOf, commentRows, replyRows, type AuthorFilter, type CommentFilter } from './discuss.repo';

const iso = (d: Date) => d.toISOString();

/** Comment id → its replies (by `authors` only, when given). */
export async function replyVOs(db: DbOrTx, commentIds: number[], authors?: AuthorFilter): Promise<Map<number, ReplyVO[]>> {
  const out = new Map<number, ReplyVO[]>();
  if (commentIds.length === 0) return out;
  const rows = await replyRows(db, commentIds, authors);
  const rolesOf = await adminRoleOf(db, [...new Set(rows.map((r) => r.r.fromUid))]);
  for (const { r, fromName, fromAvatar, toName } of rows) {
    const list = out.get(r.commentId) ?? [];
    list.push({ id: r.id, commentId: r.commentId, content: r.content, fromUid: r.fromUid, fromName, fromAvatar, fromRole: rolesOf.get(r.fromUid) ?? null, toUid: r.toUid, toName: toName ?? '', gmtCreate: iso(r.gmtCreate) });
    out.set(r.commentId, list);
  }
  return out;
}

/** One page of the comments matching `f`, each with its replies (filtered by the same authors). */
export async function commentVOs(db: DbOrTx, f: CommentFilter, size: number, offset: number): Promise<CommentVO[]> {
  const rows = await commentRows(db, f, size, offset);
  const replies = await replyVOs(
    db,
    rows.map((r) => r.c.id),
    f.authors,
  );
  const rolesOf = await adminRoleOf(db, [...new Set(rows.map((r) => r.c.fromUid))]);
  return rows.map(({ c, fromName, fromAvatar, titleName, titleColor }) => {
    const list = replies.get(c.id) ?? [];
    return { id: c.id, did: c.did, cid: c.cid, content: c.content, fromUid: c.fromUid, fromName, fromAvatar, fromRole: rolesOf.get(c.fromUid) ?? null, fromTitleName: titleName, fromTitleColor: titleColor, likeNum: c.likeNum, gmtCreate: iso(c.gmtCreate), replyList: list, totalReplyNum: list.length };
  });
}
