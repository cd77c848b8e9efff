// SPOJ (www.spoj.com): problems from /problems/<CODE>/, login through /login/, submit through /submit/complete/ (the
// new run's id is a hidden `newSubmissionId` on the reply), verdicts from the status page's ajax call
// (`/status/ajax=1,ajaxdiff=1` with `ids`), which answers JSON with each run's status text, time (s) and memory.
import { JudgeStatus } from '@oj/proto';
import type { RemoteAdapter, RemotePoll, RemoteProblem } from '../adapter';
import { expectOk, jsonOf, RemoteSiteError } from '../http/remote-http';
import { allByClass, byClass, htmlToMarkdown, inputValue, preText, textOf } from '../html';
import { kbOf, msOf, pollOf, tableRows, type SiteVerdict } from './site-pages';

/** Every status text of SPOJ (as it writes them, in lower case; a runtime error carries its signal: `runtime error (SIGSEGV)`). */
export const SPOJ_VERDICTS: Record<string, SiteVerdict> = {
  'waiting..': 'queued',
  'compiling..': 'judging',
  'running judge..': 'judging',
  'running..': 'judging',
  accepted: JudgeStatus.ACCEPTED,
  'wrong answer': JudgeStatus.WRONG_ANSWER,
  'time limit exceeded': JudgeStatus.TIME_LIMIT_EXCEEDED,
  'compilation error': JudgeStatus.COMPILE_ERROR,
  'runtime error': JudgeStatus.RUNTIME_ERROR,
  'internal error': JudgeStatus.SYSTEM_ERROR,
};

/** The submit form's `lang` for each seeded name (SPOJ's "C++ (gcc)", id 1, compiles as C++17). */
export const SPOJ_LANGUAGE_IDS: Record<string, string> = {
  'C (gcc 10.2.1)': '11',
  'C++14 (gcc 10.2.1)': '44',
  'C++17 (gcc 10.2.1)': '1',
  'Java (HotSpot 15)': '10',
  'Python 3 (python 3.9.2)': '116',
  'Pascal (fpc 3.2.0)': '22',
};

/** `TEST` → `TEST`; SPOJ's codes are up to 8 capitals, digits and underscores. */
function checkCode(problemId: string): string {
  const code = problemId.toUpperCase();
  if (!/^[A-Z0-9_]{1,8}$/.test(code)) throw new RemoteSiteError('not-found', `${problemId} is not a SPOJ problem code (e.g. TEST)`);
  return code;
}

/** The statement's parts by their `<h3>` headings (lower case); the text before the first one is ''. */
function parts(body: string): Map<string, string> {
  const out = new Map<string, string>();
  const pieces = body.split(/<h3\b[^>]*>([\s\S]*?)<\/h3>/i);
  out.set('', pieces[0]);
  for (let i = 1; i < pieces.length; i += 2) out.set(textOf(pieces[i]).toLowerCase(), pieces[i + 1] ?? '');
  return out;
}

/** An `Example` section: one `<pre>` with `Input:` and `Output:`. */
function exampleOf(section: string | undefined): { input: string; output: string }[] {
  const pre = section && /<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(section)?.[1];
  const m = pre && /^\s*Input:?[ \t]*\n([\s\S]*?)\n\s*Output:?[ \t]*\n([\s\S]*)$/i.exec(preText(pre));
  return m ? [{ input: `${m[1].replace(/\s+$/, '')}\n`, output: `${m[2].replace(/\s+$/, '')}\n` }] : [];
}

function limit(meta: Map<string, string>, key: string, unit: 'ms' | 'mb'): number {
  const m = /([\d.]+)\s*(s|ms|MB|GB|kB)?/i.exec(meta.get(key) ?? '');
  if (!m) throw new RemoteSiteError('changed', `no ${key} on the problem page`);
  const n = Number(m[1]);
  const u = (m[2] ?? '').toLowerCase();
  if (unit === 'ms') return Math.round(u === 'ms' ? n : n * 1000);
  return Math.round(u === 'gb' ? n * 1024 : u === 'kb' ? n / 1024 : n);
}

export function parseSpojProblem(html: string, code: string): RemoteProblem {
  const name = textOf(byClass(html, 'h2', '[id=problem-name]') ?? '');
  const body = byClass(html, 'div', '[id=problem-body]');
  if (!name || body === undefined) throw new RemoteSiteError('changed', 'no problem statement on the problem page');
  const meta = new Map(tableRows(byClass(html, 'table', '[id=problem-meta]') ?? '').map(([k, v]) => [textOf(k ?? '').replace(/:$/, '').toLowerCase(), textOf(v ?? '')]));
  const p = parts(body);
  const example = p.get('example') ?? p.get('examples') ?? p.get('sample');
  const examples = exampleOf(example);
  return {
    problemId: code,
    title: name.replace(new RegExp(`^${code}\\s*-\\s*`), ''),
    timeLimitMs: limit(meta, 'time limit', 'ms'),
    memoryLimitMb: limit(meta, 'memory limit', 'mb'),
    description: htmlToMarkdown(p.get('') ?? ''),
    input: htmlToMarkdown(p.get('input') ?? ''),
    output: htmlToMarkdown(p.get('output') ?? ''),
    examples,
    // An example SPOJ writes in another shape is kept, as it is, in the hint.
    hint: examples.length === 0 && example ? htmlToMarkdown(example) : '',
    source: meta.get('resource') || `SPOJ ${code}`,
    tags: allByClass(html, 'span', 'problem-tag').map((t) => textOf(t).replace(/^#/, '')).filter(Boolean),
  };
}

interface SpojStatus {
  id?: string | number;
  status_description?: string;
  time?: string;
  mem?: string;
}

const loggedIn = (html: string) => /href=["']\/logout/i.test(html);

export function createSpojAdapter(): RemoteAdapter {
  return {
    oj: 'SPOJ',
    defaultBase: 'https://www.spoj.com',
    minIntervalMs: 1000,

    async importProblem(call, problemId) {
      const code = checkCode(problemId);
      const reply = expectOk(await call.http.request({ method: 'GET', url: `${call.base}/problems/${code}/` }), 'problem page');
      if (new URL(reply.url).pathname !== `/problems/${code}/` || /Wrong problem code/i.test(reply.body)) throw new RemoteSiteError('not-found', `SPOJ has no problem ${code}`);
      return parseSpojProblem(reply.body, code);
    },

    async login(call, account) {
      const form = { next_raw: '/', autologin: '1', login_user: account.username, password: account.password };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/login/`, form }), 'login');
      if (loggedIn(reply.body)) return;
      const why = /Authentication failed!?/i.exec(reply.body)?.[0];
      throw why ? new RemoteSiteError('login', why) : new RemoteSiteError('changed', 'login: neither logged in nor an error on the page');
    },

    async submit(call, _account, sub) {
      const code = checkCode(sub.problemId);
      const lang = SPOJ_LANGUAGE_IDS[sub.language];
      if (!lang) throw new RemoteSiteError('rejected', `the language ${sub.language} is not offered on SPOJ`);
      const form = { problemcode: code, lang, file: sub.code, submit: 'Submit!' };
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/submit/complete/`, form }), 'submit');
      if (new URL(reply.url).pathname === '/login/') throw new RemoteSiteError('login', 'the session is not logged in');
      const runId = inputValue(reply.body, 'newSubmissionId');
      if (runId && /^\d+$/.test(runId)) return runId;
      const why = byClass(reply.body, 'p', 'text-danger') ?? byClass(reply.body, 'div', 'alert-danger');
      throw why ? new RemoteSiteError('rejected', textOf(why)) : new RemoteSiteError('changed', 'submit: no new submission id and no reason on the page');
    },

    async poll(call, _account, sub): Promise<RemotePoll> {
      const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/status/ajax=1,ajaxdiff=1`, form: { ids: sub.runId } }), 'status');
      const runs = jsonOf<SpojStatus[]>(reply, 'status');
      const run = Array.isArray(runs) ? runs.find((r) => String(r.id) === sub.runId) : undefined;
      if (!run || typeof run.status_description !== 'string') throw new RemoteSiteError('changed', `run ${sub.runId} is not in the status reply`);
      const verdict = textOf(run.status_description);
      return pollOf('SPOJ', SPOJ_VERDICTS, verdict, { time: msOf(textOf(run.time ?? ''), true), memory: kbOf(textOf(run.mem ?? '')), compileError: 'Compilation error on SPOJ' });
    },
  };
}
