// The remote judges' admin calls: the three variants of `import-remote-oj-problem` and the dashboard's per-site panel.
import type { RemoteAccountStatus, RemoteOj, RemoteSiteStatus } from '@oj/proto';
import { api } from '../../../lib/api';

export type ImportTarget = { kind: 'bank' } | { kind: 'training'; tid: number } | { kind: 'contest'; cid: number };
export interface Imported {
  pid: number;
  problemId: string;
}

/** Imports `problemId` of `oj` into the bank, or also into a training or (as `displayId`) a contest. */
export function importRemoteProblem(target: ImportTarget, name: RemoteOj, problemId: string, displayId?: string): Promise<Imported> {
  if (target.kind === 'training') return api.get<Imported>('/admin/training/import-remote-oj-problem', { query: { name, problemId, tid: target.tid } });
  if (target.kind === 'contest') return api.get<Imported>('/admin/contest/import-remote-oj-problem', { query: { name, problemId, cid: target.cid, displayId } });
  return api.get<Imported>('/admin/problem/import-remote-oj-problem', { query: { name, problemId } });
}

export interface RemoteJudgeStatus {
  sites: RemoteSiteStatus[];
  accounts: RemoteAccountStatus[];
}
export const getRemoteJudgeStatus = () => api.get<RemoteJudgeStatus>('/admin/remote-judge/status');
