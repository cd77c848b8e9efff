// What a site's adapter does, whatever the site: import a problem, log an account in, submit, read the status of a
// submission, and map the site's verdict strings and language names. The worker and the import service only ever
// talk to this interface; a new site is one adapter file and its fixtures (docs/remote-judge.md).
import type { RemoteOj } from '@oj/proto';
import type { RemoteHttp } from './http/remote-http';

export interface RemoteAccount {
  username: string;
  password: string;
}

/** A problem as read from its site, ready to become a problem of the bank. */
export interface RemoteProblem {
  /** The site's own id (`1A`); the bank's display id is `<OJ>-<id>`. */
  problemId: string;
  title: string;
  /** ms and MB, as the site states them for C/C++. */
  timeLimitMs: number;
  memoryLimitMb: number;
  /** Markdown. */
  description: string;
  input: string;
  output: string;
  examples: { input: string; output: string }[];
  hint: string;
  source: string;
  tags: string[];
}

/** What the site says of a submission now. Time in ms, memory in KB. */
export type RemotePoll =
  | { state: 'queued' }
  | { state: 'judging' }
  | { state: 'done'; status: number; time: number | null; memory: number | null; errorMessage: string | null };

/** The context an adapter's calls share: the account's cookie session (through the site's pace) and its base URL. */
export interface SiteCall {
  http: RemoteHttp;
  base: string;
}

export interface RemoteAdapter {
  readonly oj: RemoteOj;
  /** The site's address in production (`https://codeforces.com`); the worker may point it elsewhere (fixtures). */
  readonly defaultBase: string;
  /** Least time between two requests to the site (its rate limit). */
  readonly minIntervalMs: number;
  importProblem(call: SiteCall, problemId: string): Promise<RemoteProblem>;
  /** Logs in; a refused account is `RemoteSiteError('login')`. */
  login(call: SiteCall, account: RemoteAccount): Promise<void>;
  /** Submits and answers the site's id of the new submission; a refusal is `RemoteSiteError('rejected', reason)`. */
  submit(call: SiteCall, account: RemoteAccount, sub: { problemId: string; language: string; code: string }): Promise<string>;
  poll(call: SiteCall, account: RemoteAccount, sub: { problemId: string; runId: string }): Promise<RemotePoll>;
}
