// HDU (acm.hdu.edu.cn): problems from showproblem.php, login through userloginex.php, submit through submit.php (the
// code base64 of its URI encoding, as the site's own form sends it), run id and verdict from status.php. The pages
// are GBK (they say gb2312 in a <meta>): the HTTP layer decodes them by that charset (decodeBody).
import { JudgeStatus } from '@oj/proto';
import type { RemoteAdapter, RemotePoll, RemoteProblem } from '../adapter';
import { expectOk, RemoteSiteError, type HttpReply } from '../http/remote-http';
import { byClass, htmlToMarkdown, preText, textOf } from '../html';
import { kbOf, msOf, numericId, OUTPUT_LIMIT, pollOf, quoteClasses, runOnStatusPage, tableRows, type SiteVerdict } from './site-pages';

/** Every verdict string of HDU's status page (a runtime error carries its cause: `Runtime Error (STACK_OVERFLOW)`). */
export const HDU_VERDICTS: Record<string, SiteVerdict> = {
  Queuing: 'queued',
  Compiling: 'judging',
  Running: 'judging',
  Accepted: JudgeStatus.ACCEPTED,
  'Wrong Answer': JudgeStatus.WRONG_ANSWER,
  'Presentation Error': JudgeStatus.PRESENTATION_ERROR,
  'Compilation Error': JudgeStatus.COMPILE_ERROR,
  'Runtime Error': JudgeStatus.RUNTIME_ERROR,
  'Time Limit Exceeded': JudgeStatus.TIME_LIMIT_EXCEEDED,
  'Memory Limit Exceeded': JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  'Output Limit Exceeded': OUTPUT_LIMIT,
  'System Error': JudgeStatus.SYSTEM_ERROR,
  'Out Of Contest Time': JudgeStatus.CANCELLED,
};

/** The submit form's `language` for each seeded name. */
export const HDU_LANGUAGE_IDS: Record<string, string> = { 'G++': '0', GCC: '1', 'C++': '2', C: '3', Pascal: '4', Java: '5', 'C#': '6' };

/** The panels of a problem page by title: `Problem Description` → its content. */
function panels(html: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /<div class="panel_title"[^>]*>([\s\S]*?)<\/div>\s*<div class="panel_content"[^>]*>([\s\S]*?)<\/div>\s*<div class="panel_bottom"/gi;
  for (const m of html.matchAll(re)) out.set(textOf(m[1]), m[2]);
  return out;
}

/** `Time Limit: 2000/1000 MS (Java/Others)`: the second number is C/C++'s. */
function limit(html: string, what: 'Time' | 'Memory'): number {
  const m = new RegExp(`${what} Limit:\\s*(\\d+)/(\\d+)\\s*(MS|K)`, 'i').exec(html);
  if (!m) throw new RemoteSiteError('changed', `no ${what.toLowerCase()} limit on the problem page`);
  return what === 'Time' ? Number(m[2]) : Math.round(Number(m[2]) / 1024);
}

const HINT = /<div[^>]*>\s*<div[^>]*>\s*<i>Hint<\/i>\s*<\/div>([\s\S]*?)<\/div>/i;

export function parseHduProblem(page: string, problemId: string): RemoteProblem {
  const html = quoteClasses(page);
  const title = textOf(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? '');
  const p = panels(html);
  if (!title || !p.has('Problem Description')) throw new RemoteSiteError('changed', 'no problem statement on the problem page');
  const sample = (name: string) => /<pre[^>]*>([\s\S]*)<\/pre>/i.exec(p.get(name) ?? '')?.[1];
  const sampleOut = sample('Sample Output') ?? '';
  const input = sample('Sample Input');
  return {
    problemId,
    title,
    timeLimitMs: limit(html, 'Time'),
    memoryLimitMb: limit(html, 'Memory'),
    description: htmlToMarkdown(p.get('Problem Description') ?? ''),
    input: htmlToMarkdown(p.get('Input') ?? ''),
    output: htmlToMarkdown(p.get('Output') ?? ''),
    examples: input === undefined ? [] : [{ input: preText(input), output: preText(sampleOut.replace(HINT, '')) }],
    hint: htmlToMarkdown(HINT.exec(sampleOut)?.[1] ?? p.get('Hint') ?? ''),
    source: textOf(p.get('Source') ?? '') || `HDU ${problemId}`,
    tags: [],
  };
}

interface HduRun {
  runId: string;
  verdict: string;
  problemId: string;
  time: number | null;
  memory: number | null;
  user: string;
}

/** The runs of a status page, newest first. */
export function hduRuns(page: string): HduRun[] {
  const table = byClass(quoteClasses(page), 'table', 'table_text');
  if (table === undefined) throw new RemoteSiteError('changed', 'no status table on the status page');
  return tableRows(table)
    .filter((cells) => cells.length >= 9 && /^\d+$/.test(textOf(cells[0])))
    .map((c) => ({ runId: textOf(c[0]), verdict: textOf(c[2]), problemId: textOf(c[3]), time: msOf(textOf(c[4])), memory: kbOf(textOf(c[5])), user: textOf(c[8]) }));
}

const loggedIn = (html: string) => /userloginex\.php\?action=logout/i.test(html);
const statusUrl = (base: string, user: string, pid: string) => `${base}/status.php?first=&pid=${pid}&user=${encodeURIComponent(user)}&lang=0&status=0`;

function submitRefusal(reply: HttpReply): RemoteSiteError {
  const reasons = [...reply.body.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => textOf(m[1])).filter(Boolean);
  return reasons.length > 0 ? new RemoteSiteError('rejected', reasons.join(' ')) : new RemoteSiteError('changed', 'submit: the form came back without a reason');
}

const checkId = (problemId: string) => numericId('HDU', problemId);

export function createHduAdapter(): RemoteAdapter {
  return {
    oj: 'HDU',
    defaultBase: 'https://acm.hdu.edu.cn',
    minIntervalMs: 1000,

    async importProblem(call, problemId) {
      const pid = checkId(problemId);
      const reply = expectOk(await call.http.request({ method: 'GET', url: `${call.base}/showproblem.php?pid=${pid}` }), 'problem page');
      if (/No such problem/i.test(reply.body)) throw new RemoteSiteError('not-found', `HDU has no problem ${pid}`);
      return parseHduProblem(reply.body, pid);
    },

    async login(call, account) {
      const form = { username: account.username, userpass: account.password, login: 'Sign In' };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/userloginex.php?action=login`, form }), 'login');
      if (loggedIn(reply.body)) return;
      const why = /(No such user[^<]*|wrong password[^<]*)/i.exec(reply.body)?.[1];
      throw why ? new RemoteSiteError('login', textOf(why)) : new RemoteSiteError('changed', 'login: neither logged in nor an error on the page');
    },

    async submit(call, account, sub) {
      const pid = checkId(sub.problemId);
      const language = HDU_LANGUAGE_IDS[sub.language];
      if (!language) throw new RemoteSiteError('rejected', `the language ${sub.language} is not offered on HDU`);
      const form = { check: '0', problemid: pid, language, _usercode: Buffer.from(encodeURIComponent(sub.code)).toString('base64') };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/submit.php?action=submit`, form }), 'submit');
      const landed = new URL(reply.url).pathname;
      if (landed === '/userloginex.php') throw new RemoteSiteError('login', 'the session is not logged in');
      if (landed !== '/status.php') throw submitRefusal(reply);
      // The new run: the newest of this account on this problem.
      const mine = (r: { problemId: string; user: string }) => r.problemId === pid && r.user === account.username;
      return (await runOnStatusPage(call, statusUrl(call.base, account.username, pid), hduRuns, mine, `submitted ${pid}, but the run is not on the account's status page`)).runId;
    },

    async poll(call, account, sub): Promise<RemotePoll> {
      const url = statusUrl(call.base, account.username, sub.problemId);
      const run = await runOnStatusPage(call, url, hduRuns, (r) => r.runId === sub.runId, `run ${sub.runId} is not on the account's status page`);
      return pollOf('HDU', HDU_VERDICTS, run.verdict, { time: run.time, memory: run.memory, compileError: 'Compilation error on HDU' });
    },
  };
}
