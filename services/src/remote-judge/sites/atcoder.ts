// AtCoder: the task page (`/contests/<contest>/tasks/<task>`), login and submit through the site's forms (a
// `csrf_token` hidden input on each), the new run from the account's submissions page, and its status from the
// submission's page (`/contests/<contest>/submissions/<id>`: the `judge-status` label, exec time and memory).
// Display id `AC-<task id>` (`AC-abc900_a`); the contest is the task id without its last `_<index>`.
import { JudgeStatus } from '@oj/proto';
import type { RemoteAdapter, RemotePoll, RemoteProblem, SiteCall } from '../adapter';
import { expectOk, RemoteSiteError, type HttpReply } from '../http/remote-http';
import { byClass, htmlToMarkdown, inputValue, preText, textOf } from '../html';

/** Every final label of a submission on AtCoder, and what it is here. The site has no Output Limit status of ours. */
export const ATCODER_VERDICTS: Record<string, { status: number; message?: string }> = {
  AC: { status: JudgeStatus.ACCEPTED },
  WA: { status: JudgeStatus.WRONG_ANSWER },
  TLE: { status: JudgeStatus.TIME_LIMIT_EXCEEDED },
  MLE: { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED },
  RE: { status: JudgeStatus.RUNTIME_ERROR },
  OLE: { status: JudgeStatus.RUNTIME_ERROR, message: 'Output Limit Exceeded' },
  QLE: { status: JudgeStatus.WRONG_ANSWER, message: 'Query Limit Exceeded' },
  CE: { status: JudgeStatus.COMPILE_ERROR },
  IE: { status: JudgeStatus.SYSTEM_ERROR, message: 'Internal Error on AtCoder' },
};

/** Labels of a submission not finished yet: waiting for judging, waiting for rejudging; `3/12` (and `3/12 WA`) while it runs. */
const ATCODER_WAITING = new Set(['WJ', 'WR']);
const RUNNING = /^(Judging|\d+\s*\/\s*\d+)/;

/** `data.LanguageId` of the submit form for each language of the seeded list (AtCoder's 2020 language set). */
export const ATCODER_LANGUAGE_IDS: Record<string, string> = {
  'C (GCC 9.2.1)': '4001',
  'C++ (GCC 9.2.1)': '4003',
  'Java (OpenJDK 11.0.6)': '4005',
  'Python (3.8.2)': '4006',
  'PyPy3 (7.3.0)': '4047',
  'Rust (1.42.0)': '4050',
};

/** `abc900_a` → contest `abc900`; an id without `_` is no AtCoder task id. */
export function splitAtCoderId(taskId: string): { contest: string; task: string } {
  const task = taskId.toLowerCase();
  const m = /^([a-z0-9_]+)_[a-z0-9]+$/.exec(task);
  if (!m) throw new RemoteSiteError('not-found', `${taskId} is not an AtCoder task id (contest and index, e.g. abc100_a)`);
  return { contest: m[1], task };
}

/** `<var>` is the statements' math: `$…$` in text, plain inside the `<pre>` of formats and samples. */
const varsToMath = (html: string) => html.replace(/(<pre[\s\S]*?<\/pre>)|<var>([\s\S]*?)<\/var>/gi, (all, pre: string | undefined, v: string) => (pre ? all : `$${v}$`));

const SECTION_KINDS: [RegExp, 'description' | 'constraints' | 'input' | 'output' | 'sampleIn' | 'sampleOut'][] = [
  [/^(Problem Statement|問題文)/i, 'description'],
  [/^(Constraints|制約)/i, 'constraints'],
  [/^(Input|入力)$/i, 'input'],
  [/^(Output|出力)$/i, 'output'],
  [/^(Sample Input|入力例)/i, 'sampleIn'],
  [/^(Sample Output|出力例)/i, 'sampleOut'],
];

function parseLimits(html: string): { timeLimitMs: number; memoryLimitMb: number } {
  const m = /Time Limit:\s*([\d.]+)\s*(sec|ms)[\s\S]{0,40}?Memory Limit:\s*([\d.]+)\s*(MiB|MB|KiB|KB|GiB|GB)/i.exec(textOf(html));
  if (!m) throw new RemoteSiteError('changed', 'no time and memory limit on the task page');
  const t = Number(m[1]) * (m[2].toLowerCase() === 'sec' ? 1000 : 1);
  const unit = m[4].toUpperCase();
  const mem = Number(m[3]) * (unit.startsWith('G') ? 1024 : unit.startsWith('K') ? 1 / 1024 : 1);
  return { timeLimitMs: Math.round(t), memoryLimitMb: Math.max(1, Math.round(mem)) };
}

/** Reads a task page: the English statement when there is one, else the Japanese. */
export function parseAtCoderTask(html: string, taskId: string): RemoteProblem {
  const statement = /<div id="task-statement">([\s\S]*)$/.exec(html)?.[1];
  const heading = byClass(html, 'span', 'h2');
  if (!statement || heading === undefined) throw new RemoteSiteError('changed', 'no task statement on the task page');
  const title = textOf(heading.replace(/<a\b[\s\S]*?<\/a>/gi, '')).replace(/^[A-Za-z0-9]+\s+-\s+/, '');
  if (!title) throw new RemoteSiteError('changed', 'no title on the task page');
  const body = byClass(statement, 'span', 'lang-en') ?? byClass(statement, 'span', 'lang-ja') ?? statement;
  const parts: Record<string, string[]> = { description: [], constraints: [], input: [], output: [], sampleIn: [], sampleOut: [], hint: [] };
  for (const section of body.match(/<section\b[^>]*>[\s\S]*?<\/section>/gi) ?? []) {
    const h3 = /<h3\b[^>]*>([\s\S]*?)<\/h3>/i.exec(section);
    if (!h3) continue;
    const name = textOf(h3[1]);
    const content = section.replace(/^<section\b[^>]*>/i, '').replace(/<\/section>$/i, '').replace(h3[0], '');
    const kind = SECTION_KINDS.find(([re]) => re.test(name))?.[1];
    if (kind === 'sampleIn' || kind === 'sampleOut') {
      parts[kind].push(preText(/<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(content)?.[1] ?? ''));
      const explanation = content.replace(/<pre[^>]*>[\s\S]*?<\/pre>/i, '').trim();
      if (kind === 'sampleOut' && textOf(explanation)) parts.hint.push(`**${name}**\n\n${htmlToMarkdown(varsToMath(explanation))}`);
    } else {
      const md = htmlToMarkdown(varsToMath(content));
      if (kind === 'constraints') parts.description.push(`**${name}**\n\n${md}`);
      else if (kind) parts[kind].push(md);
      else parts.hint.push(`**${name}**\n\n${md}`);
    }
  }
  if (parts.description.length === 0) throw new RemoteSiteError('changed', 'no problem statement section on the task page');
  return {
    problemId: taskId,
    title,
    ...parseLimits(html),
    description: parts.description.join('\n\n'),
    input: parts.input.join('\n\n'),
    output: parts.output.join('\n\n'),
    examples: parts.sampleIn.map((input, i) => ({ input, output: parts.sampleOut[i] ?? '' })),
    hint: parts.hint.join('\n\n'),
    source: `AtCoder ${taskId}`,
    tags: [],
  };
}

function csrfOf(reply: HttpReply, what: string): string {
  const token = inputValue(reply.body, 'csrf_token');
  if (!token) throw new RemoteSiteError('changed', `${what}: no csrf_token on the page`);
  return token;
}

/** Every AtCoder page names the logged-in user in a script (`var userScreenName = "judge1";`), empty when anonymous. */
const screenName = (html: string) => /var\s+userScreenName\s*=\s*"([^"]*)"/.exec(html)?.[1];

const alertOf = (html: string) => {
  const alert = byClass(html, 'div', 'alert-danger');
  return alert === undefined ? undefined : textOf(alert.replace(/<button\b[\s\S]*?<\/button>/gi, ''));
};

const onLoginPage = (reply: HttpReply) => new URL(reply.url).pathname === '/login';

/** The `<td>` after the `<th>` named `name` in the submission's table. */
function cellOf(html: string, name: string): string | undefined {
  const re = new RegExp(`<th\\b[^>]*>\\s*${name}\\s*</th>\\s*<td\\b([^>]*)>([\\s\\S]*?)</td>`, 'i');
  return re.exec(html)?.[2];
}

function amount(cell: string | undefined, unit: RegExp): number | null {
  const m = cell === undefined ? null : /([\d.]+)\s*([A-Za-z]+)/.exec(textOf(cell));
  if (!m) return null;
  if (!unit.test(m[2])) throw new RemoteSiteError('changed', `unexpected unit in "${textOf(cell ?? '')}"`);
  return Math.round(Number(m[1]));
}

/** Reads a submission's page. */
export function parseAtCoderSubmission(html: string): RemotePoll {
  const cell = /<td\b[^>]*\bid=["']judge-status["'][^>]*>([\s\S]*?)<\/td>/i.exec(html)?.[1];
  if (cell === undefined) throw new RemoteSiteError('changed', 'no judge status on the submission page');
  const label = textOf(cell);
  if (ATCODER_WAITING.has(label)) return { state: 'queued' };
  if (RUNNING.test(label)) return { state: 'judging' };
  const verdict = ATCODER_VERDICTS[label];
  if (!verdict) throw new RemoteSiteError('changed', `unknown verdict "${label}"`);
  const compileLog = /<h4>\s*Compile Error\s*<\/h4>\s*<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(html)?.[1];
  return {
    state: 'done',
    status: verdict.status,
    time: amount(cellOf(html, 'Exec Time'), /^ms$/i),
    memory: amount(cellOf(html, 'Memory'), /^(KB|KiB)$/i),
    errorMessage: verdict.status === JudgeStatus.COMPILE_ERROR ? (compileLog === undefined ? 'Compilation error on AtCoder' : preText(compileLog).trimEnd()) : (verdict.message ?? null),
  };
}

/** The newest run of `task` on the account's submissions page (newest first). */
function newestRun(html: string, contest: string, task: string): string | undefined {
  for (const row of html.split(/<tr\b/i).slice(1)) {
    if (!row.includes(`/contests/${contest}/tasks/${task}"`)) continue;
    const id = new RegExp(`/contests/${contest}/submissions/(\\d+)"`).exec(row)?.[1] ?? /data-id="(\d+)"/.exec(row)?.[1];
    if (id) return id;
  }
  return undefined;
}

async function get(call: SiteCall, path: string, what: string): Promise<HttpReply> {
  return expectOk(await call.http.request({ method: 'GET', url: `${call.base}${path}` }), what);
}

export function createAtCoderAdapter(): RemoteAdapter {
  return {
    oj: 'AC',
    defaultBase: 'https://atcoder.jp',
    minIntervalMs: 1000,

    async importProblem(call, problemId) {
      const { contest, task } = splitAtCoderId(problemId);
      const reply = await call.http.request({ method: 'GET', url: `${call.base}/contests/${contest}/tasks/${task}?lang=en` });
      if (reply.status === 404) throw new RemoteSiteError('not-found', `AtCoder has no task ${task}`);
      return parseAtCoderTask(expectOk(reply, 'task page').body, task);
    },

    async login(call, account) {
      const page = await get(call, '/login', 'login page');
      if (screenName(page.body)) return;
      const form = { username: account.username, password: account.password, csrf_token: csrfOf(page, 'login page') };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/login`, form }), 'login');
      if (screenName(reply.body)) return;
      const why = alertOf(reply.body);
      if (why !== undefined) throw new RemoteSiteError('login', why || 'login refused');
      throw new RemoteSiteError('changed', 'login: neither logged in nor an error on the page');
    },

    async submit(call, _account, sub) {
      const { contest, task } = splitAtCoderId(sub.problemId);
      const languageId = ATCODER_LANGUAGE_IDS[sub.language];
      if (!languageId) throw new RemoteSiteError('rejected', `the language ${sub.language} is not offered on AtCoder`);
      const page = await get(call, `/contests/${contest}/submit?taskScreenName=${task}`, 'submit page');
      if (onLoginPage(page) || !screenName(page.body)) throw new RemoteSiteError('login', 'the session is not logged in');
      const form = { 'data.TaskScreenName': task, 'data.LanguageId': languageId, sourceCode: sub.code, csrf_token: csrfOf(page, 'submit page') };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/contests/${contest}/submit`, form }), 'submit');
      if (onLoginPage(reply)) throw new RemoteSiteError('login', 'the session is not logged in');
      if (new URL(reply.url).pathname !== `/contests/${contest}/submissions/me`) {
        const why = alertOf(reply.body);
        throw new RemoteSiteError(why ? 'rejected' : 'changed', why || 'submit: the form came back without a reason');
      }
      const runId = newestRun(reply.body, contest, task);
      if (!runId) throw new RemoteSiteError('changed', `submitted, but no run of ${task} is on the account's submissions page`);
      return runId;
    },

    async poll(call, _account, sub): Promise<RemotePoll> {
      const { contest } = splitAtCoderId(sub.problemId);
      const reply = await get(call, `/contests/${contest}/submissions/${sub.runId}`, 'submission page');
      if (onLoginPage(reply)) throw new RemoteSiteError('login', 'the session is not logged in');
      return parseAtCoderSubmission(reply.body);
    },
  };
}
