// POJ (poj.org): problems from /problem?id=, login through /login, submit through /submit (the source base64 with
// `encoded=1`, as the site's form sends it), run id and verdict from /status. Refusals come on POJ's "Error
// Occurred" page as a list item.
import { JudgeStatus } from '@oj/proto';
import type { RemoteAdapter, RemotePoll, RemoteProblem } from '../adapter';
import { expectOk, RemoteSiteError } from '../http/remote-http';
import { byClass, htmlToMarkdown, preText, textOf } from '../html';
import { kbOf, msOf, numericId, OUTPUT_LIMIT, pollOf, quoteClasses, runOnStatusPage, tableRows, type SiteVerdict } from './site-pages';

/** Every verdict string of POJ's status page. */
export const POJ_VERDICTS: Record<string, SiteVerdict> = {
  Waiting: 'queued',
  Compiling: 'judging',
  'Running & Judging': 'judging',
  Accepted: JudgeStatus.ACCEPTED,
  'Presentation Error': JudgeStatus.PRESENTATION_ERROR,
  'Wrong Answer': JudgeStatus.WRONG_ANSWER,
  'Time Limit Exceeded': JudgeStatus.TIME_LIMIT_EXCEEDED,
  'Memory Limit Exceeded': JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  'Output Limit Exceeded': OUTPUT_LIMIT,
  'Runtime Error': JudgeStatus.RUNTIME_ERROR,
  'Compile Error': JudgeStatus.COMPILE_ERROR,
  'System Error': JudgeStatus.SYSTEM_ERROR,
  'Validator Error': JudgeStatus.SYSTEM_ERROR,
};

/** The submit form's `language` for each seeded name. */
export const POJ_LANGUAGE_IDS: Record<string, string> = { 'G++': '0', GCC: '1', Java: '2', Pascal: '3', 'C++': '4', C: '5', Fortran: '6' };

/** The sections of a problem page: `<p class="pst">Title</p>` and the `ptx` div or `sio` pre after it. */
function sections(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<p class="pst"[^>]*>([\s\S]*?)<\/p>\s*/gi)) {
    const rest = html.slice(m.index + m[0].length);
    const pre = /^<pre class="sio"[^>]*>([\s\S]*?)<\/pre>/i.exec(rest);
    const div = /^<div class="ptx"/i.test(rest) ? byClass(rest, 'div', 'ptx') : undefined;
    const name = textOf(m[1]);
    if (pre) out.set(name, preText(pre[1]));
    else if (div !== undefined && !out.has(name)) out.set(name, div);
  }
  return out;
}

function limit(html: string, what: 'Time' | 'Memory'): number {
  const m = new RegExp(`${what} Limit:(?:\\s|<[^>]*>)*(\\d+)\\s*(MS|K)`, 'i').exec(html);
  if (!m) throw new RemoteSiteError('changed', `no ${what.toLowerCase()} limit on the problem page`);
  return what === 'Time' ? Number(m[1]) : Math.round(Number(m[1]) / 1024);
}

export function parsePojProblem(page: string, problemId: string): RemoteProblem {
  const html = quoteClasses(page);
  const title = textOf(byClass(html, 'div', 'ptt') ?? '');
  const s = sections(html);
  if (!title || !s.has('Description')) throw new RemoteSiteError('changed', 'no problem statement on the problem page');
  const input = s.get('Sample Input');
  return {
    problemId,
    title,
    timeLimitMs: limit(html, 'Time'),
    memoryLimitMb: limit(html, 'Memory'),
    description: htmlToMarkdown(s.get('Description') ?? ''),
    input: htmlToMarkdown(s.get('Input') ?? ''),
    output: htmlToMarkdown(s.get('Output') ?? ''),
    examples: input === undefined ? [] : [{ input, output: s.get('Sample Output') ?? '' }],
    hint: htmlToMarkdown(s.get('Hint') ?? ''),
    source: textOf(s.get('Source') ?? '') || `POJ ${problemId}`,
    tags: [],
  };
}

interface PojRun {
  runId: string;
  user: string;
  problemId: string;
  verdict: string;
  memory: number | null;
  time: number | null;
}

/** The runs of a status page, newest first (Run ID, User, Problem, Result, Memory, Time, Language, Code Length, Submit Time). */
export function pojRuns(page: string): PojRun[] {
  const table = byClass(quoteClasses(page), 'table', 'a');
  if (table === undefined) throw new RemoteSiteError('changed', 'no status table on the status page');
  return tableRows(table)
    .filter((c) => c.length >= 9 && /^\d+$/.test(textOf(c[0])))
    .map((c) => ({ runId: textOf(c[0]), user: textOf(c[1]), problemId: textOf(c[2]), verdict: textOf(c[3]), memory: kbOf(textOf(c[4])), time: msOf(textOf(c[5])) }));
}

/** The reason on POJ's "Error Occurred" page (its first list item), if the page is one. */
const errorOf = (html: string): string | undefined => (/Error Occurred/i.test(html) ? textOf(/<li\b[^>]*>([\s\S]*?)<\/li>/i.exec(html)?.[1] ?? '') || undefined : undefined);
const loggedIn = (html: string) => /href=["']?\/?logout/i.test(html);
const statusUrl = (base: string, user: string, pid: string) => `${base}/status?problem_id=${pid}&user_id=${encodeURIComponent(user)}&result=&language=`;

const checkId = (problemId: string) => numericId('POJ', problemId);

export function createPojAdapter(): RemoteAdapter {
  return {
    oj: 'POJ',
    defaultBase: 'http://poj.org',
    minIntervalMs: 1000,

    async importProblem(call, problemId) {
      const pid = checkId(problemId);
      const reply = expectOk(await call.http.request({ method: 'GET', url: `${call.base}/problem?id=${pid}` }), 'problem page');
      const error = errorOf(reply.body);
      if (error && /Can not find problem/i.test(error)) throw new RemoteSiteError('not-found', `POJ has no problem ${pid}`);
      if (error) throw new RemoteSiteError('changed', `problem page: ${error}`);
      return parsePojProblem(reply.body, pid);
    },

    async login(call, account) {
      const form = { user_id1: account.username, password1: account.password, B1: 'login', url: '/' };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/login`, form }), 'login');
      if (loggedIn(reply.body)) return;
      const why = errorOf(reply.body);
      throw why ? new RemoteSiteError('login', why) : new RemoteSiteError('changed', 'login: neither logged in nor an error on the page');
    },

    async submit(call, account, sub) {
      const pid = checkId(sub.problemId);
      const language = POJ_LANGUAGE_IDS[sub.language];
      if (!language) throw new RemoteSiteError('rejected', `the language ${sub.language} is not offered on POJ`);
      const form = { problem_id: pid, language, source: Buffer.from(sub.code, 'utf8').toString('base64'), submit: 'Submit', encoded: '1' };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/submit`, form }), 'submit');
      const why = errorOf(reply.body);
      if (why && /log ?in/i.test(why)) throw new RemoteSiteError('login', `the session is not logged in (${why})`);
      if (why) throw new RemoteSiteError('rejected', why);
      if (new URL(reply.url).pathname !== '/status') throw new RemoteSiteError('changed', 'submit: neither the status page nor an error');
      // The new run: the newest of this account on this problem.
      const mine = (r: { problemId: string; user: string }) => r.problemId === pid && r.user === account.username;
      return (await runOnStatusPage(call, statusUrl(call.base, account.username, pid), pojRuns, mine, `submitted ${pid}, but the run is not on the account's status page`)).runId;
    },

    async poll(call, account, sub): Promise<RemotePoll> {
      const url = statusUrl(call.base, account.username, sub.problemId);
      const run = await runOnStatusPage(call, url, pojRuns, (r) => r.runId === sub.runId, `run ${sub.runId} is not on the account's status page`);
      return pollOf('POJ', POJ_VERDICTS, run.verdict, { time: run.time, memory: run.memory, compileError: 'Compilation error on POJ' });
    },
  };
}
