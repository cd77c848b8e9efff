// REST calls of the message center, decoded with proto's schemas.
import { decode, Page, SysMsgVO, UserMsgVO, type MsgType, type PageOf } from '@oj/proto';
import { api, request } from '../../lib/api';

const userPage = Page(UserMsgVO);
const sysPage = Page(SysMsgVO);

export type MsgTab = 'discuss' | 'reply' | 'like' | 'sys' | 'mine';
export const MSG_TABS: MsgTab[] = ['discuss', 'reply', 'like', 'sys', 'mine'];
/** Tab → REST path segment, `clean` type and unread-count key. */
export const TAB_INFO: Record<MsgTab, { path: string; type: MsgType; count: 'comment' | 'reply' | 'like' | 'sys' | 'mine' }> = {
  discuss: { path: 'comment', type: 'Discuss', count: 'comment' },
  reply: { path: 'reply', type: 'Reply', count: 'reply' },
  like: { path: 'like', type: 'Like', count: 'like' },
  sys: { path: 'sys', type: 'Sys', count: 'sys' },
  mine: { path: 'mine', type: 'Mine', count: 'mine' },
};

export const getUserMsgs = (tab: 'discuss' | 'reply' | 'like', currentPage: number, limit: number): Promise<PageOf<UserMsgVO>> =>
  api.get(`/msg/${TAB_INFO[tab].path}`, { query: { currentPage, limit }, decode: (x) => decode(userPage, x) });

export const getSysMsgs = (tab: 'sys' | 'mine', currentPage: number, limit: number): Promise<PageOf<SysMsgVO>> =>
  api.get(`/msg/${TAB_INFO[tab].path}`, { query: { currentPage, limit }, decode: (x) => decode(sysPage, x) });

export async function cleanMsgs(type: MsgType, id?: number): Promise<void> {
  await request('DELETE', '/msg/clean', { query: { type, id } });
}
