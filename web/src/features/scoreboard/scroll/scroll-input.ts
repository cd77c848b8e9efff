// From the scroll board's REST answers and URL to the reveal's input (pure).
import type { ScoreRecord, ScrollBoardInfo, ScrollBoardSubmission } from '@oj/proto';
import type { MedalCounts, RevealInput } from './reveal';

export interface ScrollParams {
  cid: number;
  removeStar: boolean;
  medals: MedalCounts;
}

/** `?cid=…&removeStar=…&medals[]=g&medals[]=s&medals[]=b`; null when cid is missing. */
export function parseScrollParams(search: string): ScrollParams | null {
  const q = new URLSearchParams(search);
  const cid = Number(q.get('cid'));
  if (!Number.isInteger(cid) || cid <= 0) return null;
  const m = q.getAll('medals[]').map((x) => Math.max(0, Math.floor(Number(x)) || 0));
  return { cid, removeStar: q.get('removeStar') === 'true', medals: { gold: m[0] ?? 0, silver: m[1] ?? 0, bronze: m[2] ?? 0 } };
}

export function scrollBoardUrl(p: ScrollParams): string {
  const q = new URLSearchParams({ cid: String(p.cid), removeStar: String(p.removeStar) });
  for (const n of [p.medals.gold, p.medals.silver, p.medals.bronze]) q.append('medals[]', String(n));
  return `/scroll-board?${q.toString()}`;
}

export interface TeamInfo {
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  avatar: string | null;
}

export function buildRevealInput(info: ScrollBoardInfo, subs: readonly ScrollBoardSubmission[], params: ScrollParams): { input: RevealInput; teams: Map<string, TeamInfo> } {
  const starNames = new Set(info.starUserList);
  const teams = new Map<string, TeamInfo>();
  const records: ScoreRecord[] = [];
  const starUids = new Set<string>();
  for (const s of subs) {
    const star = starNames.has(s.username);
    if (star && params.removeStar) continue;
    if (star) starUids.add(s.uid);
    if (!teams.has(s.uid)) teams.set(s.uid, { uid: s.uid, username: s.username, realname: s.realname, nickname: s.nickname, school: s.school, avatar: s.avatar });
    records.push({ id: s.submitId, uid: s.uid, displayId: s.displayId, time: s.time, status: s.status, score: null, useTime: null });
  }
  const start = Date.parse(info.startTime);
  const seal = info.sealRankTime ? Date.parse(info.sealRankTime) : NaN;
  const sealS = Number.isFinite(seal) && Number.isFinite(start) ? Math.max(0, Math.floor((seal - start) / 1000)) : null;
  const displayIds = info.displayIds.length > 0 ? info.displayIds : Object.keys(info.balloonColor);
  return { input: { displayIds, records, sealS, durationS: info.duration, starUids: [...starUids], medals: params.medals }, teams };
}
