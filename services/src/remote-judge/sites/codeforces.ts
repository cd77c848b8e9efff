// Codeforces and its Gym: problems from the problem page, login and submit through the site's forms, the run id and
// its verdict from the public API (`/api/user.status`, at most one call per 2 s). Verdict strings: the API's
// `Submission.verdict` enum (codeforces.com/apiHelp/objects#Submission).
import { JudgeStatus, type RemoteOj } from '@oj/proto';
import type { RemoteAdapter, RemotePoll, RemoteProblem, SiteCall } from '../adapter';
import { expectOk, jsonOf, RemoteSiteError, type HttpReply } from '../http/remote-http';
import { allByClass, byClass, htmlToMarkdown, inputValue, preText, textOf } from '../html';

/** The API's verdicts; absent or TESTING: still running. */
export const CF_VERDICTS: Record<string, number> = {
  OK: JudgeStatus.ACCEPTED,
  PARTIAL: JudgeStatus.PARTIAL_ACCEPTED,
  COMPILATION_ERROR: JudgeStatus.COMPILE_ERROR,
  RUNTIME_ERROR: JudgeStatus.RUNTIME_ERROR,
  WRONG_ANSWER: JudgeStatus.WRONG_ANSWER,
  PRESENTATION_ERROR: JudgeStatus.PRESENTATION_ERROR,
  TIME_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MEMORY_LIMIT_EXCEEDED: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  IDLENESS_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  SECURITY_VIOLATED: JudgeStatus.RUNTIME_ERROR,
  CHALLENGED: JudgeStatus.WRONG_ANSWER,
  FAILED: JudgeStatus.SYSTEM_ERROR,
  CRASHED: JudgeStatus.SYSTEM_ERROR,
  INPUT_PREPARATION_CRASHED: JudgeStatus.SYSTEM_ERROR,
  SKIPPED: JudgeStatus.CANCELLED,
  REJECTED: JudgeStatus.CANCELLED,
};

/** `programTypeId` of the submit form for each language of the seeded list. */
export const CF_LANGUAGE_IDS: Record<string, string> = {
  'GNU GCC C11 5.1.0': '43',
  'GNU G++14 6.4.0': '50',
  'GNU G++17 7.3.0': '54',
  'GNU G++20 11.2.0 (64 bit, winlibs)': '73',
  'Clang++17 Diagnostics': '52',
  'Microsoft Visual C++ 2017': '59',
  'C# Mono 6.8': '9',
  'C# 8, .NET Core 3.1': '65',
  'D DMD32 v2.091.0': '28',
  'Go 1.19.5': '32',
  'Haskell GHC 8.10.1': '12',
  'Java 1.8.0_241': '36',
  'Java 11.0.6': '60',
  'Kotlin 1.7.20': '83',
  'OCaml 4.02.1': '19',
  'Delphi 7': '3',
  'Free Pascal 3.0.2': '4',
  'PascalABC.NET 3.4.2': '51',
  'Perl 5.20.1': '13',
  'PHP 8.1.7': '6',
  'Python 2.7.18': '7',
  'Python 3.8.10': '31',
  'PyPy 2.7.13 (7.3.0)': '40',
  'PyPy 3.6.9 (7.3.0)': '41',
  'Ruby 3.0.0': '67',
  'Rust 1.66.0 (2021)': '75',
  'Scala 2.12.8': '20',
  'JavaScript V8 4.8.0': '34',
  'Node.js 12.16.3': '55',
};

interface CfSubmission {
  id: number;
  problem?: { contestId?: number; index?: string };
  verdict?: string;
  timeConsumedMillis?: number;
  memoryConsumedBytes?: number;
}

/** `1A` → contest 1, index A; `100001B2` → contest 100001, index B2. */
export function splitCfId(problemId: string): { contestId: string; index: string } {
  const m = /^(\d+)([A-Za-z][0-9A-Za-z]*)$/.exec(problemId);
  if (!m) throw new RemoteSiteError('not-found', `${problemId} is not a Codeforces problem id (contest number and index, e.g. 1A)`);
  return { contestId: m[1], index: m[2].toUpperCase() };
}

const limitOf = (header: string, cls: string): string => textOf(byClass(header, 'div', cls) ?? '').replace(/^(time|memory) limit per test\s*/i, '');

function parseLimit(text: string, unit: 'ms' | 'mb'): number {
  const m = /([\d.]+)\s*(seconds?|ms|megabytes?|mb|gigabytes?)/i.exec(text);
  if (!m) throw new RemoteSiteError('changed', `unreadable limit "${text}"`);
  const n = Number(m[1]);
  const u = m[2].toLowerCase();
  if (unit === 'ms') return Math.round(u.startsWith('s') ? n * 1000 : n);
  return Math.round(u.startsWith('g') ? n * 1024 : n);
}

/** Reads a problem page (the problem set's or a gym's: the same `problem-statement` markup). */
export function parseCfProblem(html: string, problemId: string, source: string): RemoteProblem {
  const statement = byClass(html, 'div', 'problem-statement');
  const header = statement && byClass(statement, 'div', 'header');
  if (!statement || !header) throw new RemoteSiteError('changed', 'no problem statement on the problem page');
  const title = textOf(byClass(header, 'div', 'title') ?? '').replace(/^[0-9A-Z]+\.\s*/, '');
  if (!title) throw new RemoteSiteError('changed', 'no title on the problem page');
  // The statement's body is the untitled div right after the header.
  const afterHeader = statement.slice(statement.indexOf(header) + header.length).replace(/^\s*<\/div>\s*/, '');
  const legend = /^<div>([\s\S]*?)<\/div>\s*<div class="input-specification/.exec(afterHeader)?.[1] ?? '';
  const section = (cls: string) => htmlToMarkdown((byClass(statement, 'div', cls) ?? '').replace(/<div class="section-title">[\s\S]*?<\/div>/, ''));
  const examples = allByClass(statement, 'div', 'sample-test').flatMap((block) => {
    const ins = allByClass(block, 'div', 'input').map((x) => preText(/<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(x)?.[1] ?? ''));
    const outs = allByClass(block, 'div', 'output').map((x) => preText(/<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(x)?.[1] ?? ''));
    return ins.map((input, i) => ({ input, output: outs[i] ?? '' }));
  });
  const tags = allByClass(html, 'span', 'tag-box')
    .map(textOf)
    .filter((t) => t && !t.startsWith('*'));
  return {
    problemId,
    title,
    timeLimitMs: parseLimit(limitOf(header, 'time-limit'), 'ms'),
    memoryLimitMb: parseLimit(limitOf(header, 'memory-limit'), 'mb'),
    description: htmlToMarkdown(legend),
    input: section('input-specification'),
    output: section('output-specification'),
    examples,
    hint: section('note'),
    source,
    tags,
  };
}

function csrfOf(reply: HttpReply, what: string): string {
  const token = inputValue(reply.body, 'csrf_token') ?? /data-csrf=['"]([0-9a-f]+)['"]/.exec(reply.body)?.[1];
  if (!token) throw new RemoteSiteError('changed', `${what}: no csrf_token on the page`);
  return token;
}

const loggedIn = (html: string) => /href="\/[^"]*\/logout"/i.test(html) || /href="\/logout"/i.test(html);

async function apiStatus(call: SiteCall, handle: string): Promise<CfSubmission[]> {
  const reply = await call.http.request({ method: 'GET', url: `${call.base}/api/user.status?handle=${encodeURIComponent(handle)}&from=1&count=20` });
  if (reply.status >= 500) throw new RemoteSiteError('down', `user.status: HTTP ${reply.status}`);
  const body = jsonOf<{ status?: string; comment?: string; result?: CfSubmission[] }>(reply, 'user.status');
  if (body.status === 'FAILED') {
    // "Call limit exceeded" and maintenance are the site being busy, not an answer.
    throw new RemoteSiteError('down', `user.status: ${body.comment ?? 'FAILED'}`);
  }
  if (body.status !== 'OK' || !Array.isArray(body.result)) throw new RemoteSiteError('changed', 'user.status: unexpected reply');
  return body.result;
}

export function createCodeforcesAdapter(oj: Extract<RemoteOj, 'CF' | 'GYM'>): RemoteAdapter {
  const gym = oj === 'GYM';
  const problemPath = (p: { contestId: string; index: string }) => (gym ? `/gym/${p.contestId}/problem/${p.index}` : `/problemset/problem/${p.contestId}/${p.index}`);
  const submitPath = (p: { contestId: string }) => (gym ? `/gym/${p.contestId}/submit` : '/problemset/submit');
  return {
    oj,
    defaultBase: 'https://codeforces.com',
    minIntervalMs: 2000,

    async importProblem(call, problemId) {
      const p = splitCfId(problemId);
      const reply = expectOk(await call.http.request({ method: 'GET', url: `${call.base}${problemPath(p)}` }), 'problem page');
      // An unknown problem sends the browser back to the problem set (or the gym list).
      if (!new URL(reply.url).pathname.includes('/problem/') || (!reply.body.includes('problem-statement') && /No such problem|Problem not found/i.test(reply.body))) {
        throw new RemoteSiteError('not-found', `${oj} has no problem ${problemId}`);
      }
      return parseCfProblem(reply.body, `${p.contestId}${p.index}`, gym ? `Codeforces Gym ${p.contestId}${p.index}` : `Codeforces ${p.contestId}${p.index}`);
    },

    async login(call, account) {
      const page = expectOk(await call.http.request({ method: 'GET', url: `${call.base}/enter` }), 'login page');
      if (loggedIn(page.body)) return;
      const form = { csrf_token: csrfOf(page, 'login page'), action: 'enter', handleOrEmail: account.username, password: account.password, remember: 'on', ftaa: '', bfaa: '', _tta: '176' };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/enter`, form }), 'login');
      if (loggedIn(reply.body)) return;
      const why = byClass(reply.body, 'span', 'for__password') ?? byClass(reply.body, 'span', 'error');
      if (why !== undefined) throw new RemoteSiteError('login', textOf(why) || 'login refused');
      throw new RemoteSiteError('changed', 'login: neither logged in nor an error on the page');
    },

    async submit(call, account, sub) {
      const p = splitCfId(sub.problemId);
      const programTypeId = CF_LANGUAGE_IDS[sub.language];
      if (!programTypeId) throw new RemoteSiteError('rejected', `the language ${sub.language} is not offered on Codeforces`);
      const page = expectOk(await call.http.request({ method: 'GET', url: `${call.base}${submitPath(p)}` }), 'submit page');
      if (new URL(page.url).pathname === '/enter') throw new RemoteSiteError('login', 'the session is not logged in');
      const csrf = csrfOf(page, 'submit page');
      const form = {
        csrf_token: csrf,
        action: 'submitSolutionFormSubmitted',
        ...(gym ? { submittedProblemIndex: p.index } : { submittedProblemCode: `${p.contestId}${p.index}` }),
        programTypeId,
        source: sub.code,
        tabSize: '4',
        sourceFile: '',
      };
      const startedAt = Date.now();
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}${submitPath(p)}?csrf_token=${csrf}`, form }), 'submit');
      const landed = new URL(reply.url).pathname;
      if (landed === submitPath(p) || landed === '/enter') {
        const why = byClass(reply.body, 'span', 'for__source') ?? byClass(reply.body, 'span', 'error');
        if (landed === '/enter') throw new RemoteSiteError('login', 'the session is not logged in');
        throw new RemoteSiteError(why ? 'rejected' : 'changed', why ? textOf(why) : 'submit: the form came back without a reason');
      }
      // The new run: the newest of this account on this problem (the API lists the newest first).
      const runs = await apiStatus(call, account.username);
      const run = runs.find((r) => String(r.problem?.contestId) === p.contestId && r.problem?.index === p.index);
      if (!run) throw new RemoteSiteError('changed', `submitted at ${new Date(startedAt).toISOString()}, but the run is not in the account's status`);
      return String(run.id);
    },

    async poll(call, account, sub): Promise<RemotePoll> {
      const runs = await apiStatus(call, account.username);
      const run = runs.find((r) => String(r.id) === sub.runId);
      if (!run) throw new RemoteSiteError('changed', `run ${sub.runId} is not in the account's recent status`);
      if (run.verdict === undefined) return { state: 'queued' };
      if (run.verdict === 'TESTING') return { state: 'judging' };
      const status = CF_VERDICTS[run.verdict];
      if (status === undefined) throw new RemoteSiteError('changed', `unknown verdict "${run.verdict}"`);
      return {
        state: 'done',
        status,
        time: run.timeConsumedMillis ?? null,
        memory: run.memoryConsumedBytes === undefined ? null : Math.round(run.memoryConsumedBytes / 1024),
        errorMessage: status === JudgeStatus.COMPILE_ERROR ? 'Compilation error on Codeforces' : null,
      };
    },
  };
}
