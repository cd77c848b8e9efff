// LibreOJ through its JSON API (api.loj.ac, the Lyrio backend): every call is a POST of a JSON body to `/api/…`,
// answering JSON with an `error` string when the site refuses. Import: `problem/getProblem` (Markdown sections,
// samples, limits, tags); login: `auth/login` gives a bearer token kept for the account's session; submit:
// `submission/submit` with the problem's internal id; status: `submission/getSubmissionDetail`.
// Display id `LIBRE-<display id>` (`LIBRE-1`).
import { JudgeStatus } from '@oj/proto';
import type { RemoteAdapter, RemotePoll, RemoteProblem, SiteCall } from '../adapter';
import { expectOk, jsonOf, RemoteSiteError, type RemoteHttp } from '../http/remote-http';

/** Every `SubmissionStatus` of the site, and what it is here (Pending: not finished, see the progress). */
export const LIBREOJ_VERDICTS: Record<string, { status: number; message?: string }> = {
  Accepted: { status: JudgeStatus.ACCEPTED },
  PartiallyCorrect: { status: JudgeStatus.PARTIAL_ACCEPTED },
  WrongAnswer: { status: JudgeStatus.WRONG_ANSWER },
  CompilationError: { status: JudgeStatus.COMPILE_ERROR },
  RuntimeError: { status: JudgeStatus.RUNTIME_ERROR },
  TimeLimitExceeded: { status: JudgeStatus.TIME_LIMIT_EXCEEDED },
  MemoryLimitExceeded: { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED },
  OutputLimitExceeded: { status: JudgeStatus.RUNTIME_ERROR, message: 'Output Limit Exceeded' },
  FileError: { status: JudgeStatus.RUNTIME_ERROR, message: 'File Error' },
  Canceled: { status: JudgeStatus.CANCELLED },
  SystemError: { status: JudgeStatus.SYSTEM_ERROR, message: 'System Error on LibreOJ' },
  ConfigurationError: { status: JudgeStatus.SYSTEM_ERROR, message: 'Configuration Error on LibreOJ' },
  JudgementFailed: { status: JudgeStatus.SYSTEM_ERROR, message: 'Judgement Failed on LibreOJ' },
};

/** `progressType` of a pending submission: still waiting, or being compiled or run. */
const PROGRESS: Record<string, 'queued' | 'judging'> = { Preparing: 'queued', Compiling: 'judging', Running: 'judging', Finished: 'judging' };

/** The submission's `content` (language and compile options) for each language of the seeded list. */
export const LIBREOJ_LANGUAGES: Record<string, { language: string; compileAndRunOptions: Record<string, string | boolean> }> = {
  'C (GCC 9)': { language: 'c', compileAndRunOptions: { compiler: 'gcc', std: 'c11', O2: true, m: '64' } },
  'C (Clang 10)': { language: 'c', compileAndRunOptions: { compiler: 'clang', std: 'c11', O2: true, m: '64' } },
  'C++ (GCC 9)': { language: 'cpp', compileAndRunOptions: { compiler: 'g++', std: 'c++17', O2: true, m: '64' } },
  'C++ (Clang 10)': { language: 'cpp', compileAndRunOptions: { compiler: 'clang++', std: 'c++17', O2: true, m: '64' } },
  Java: { language: 'java', compileAndRunOptions: {} },
  Kotlin: { language: 'kotlin', compileAndRunOptions: { version: '1.5', platform: 'jvm' } },
  Pascal: { language: 'pascal', compileAndRunOptions: { optimize: '2' } },
  'Python 2.7': { language: 'python', compileAndRunOptions: { version: '2.7' } },
  'Python 3.9': { language: 'python', compileAndRunOptions: { version: '3.9' } },
  'Python 3.10': { language: 'python', compileAndRunOptions: { version: '3.10' } },
  'Rust 2015': { language: 'rust', compileAndRunOptions: { version: '2015', optimize: '2' } },
  'Rust 2018': { language: 'rust', compileAndRunOptions: { version: '2018', optimize: '2' } },
  'Rust 2021': { language: 'rust', compileAndRunOptions: { version: '2021', optimize: '2' } },
  Go: { language: 'go', compileAndRunOptions: { version: '1.x' } },
  'C# 7.3': { language: 'csharp', compileAndRunOptions: { version: '7.3' } },
  'C# 9': { language: 'csharp', compileAndRunOptions: { version: '9' } },
};

interface ContentSection {
  sectionTitle: string;
  type: 'Text' | 'Sample';
  text?: string;
  sampleId?: number;
}

interface GetProblemReply {
  error?: string;
  meta?: { id: number; displayId: number; type: string };
  localizedContentsOfLocale?: { title: string; contentSections: ContentSection[] };
  samples?: { inputData: string; outputData: string }[];
  judgeInfo?: { timeLimit?: number; memoryLimit?: number };
  tagsOfLocale?: { name: string }[];
}

interface SubmissionDetailReply {
  error?: string;
  meta?: { id: number; status: string; timeUsed?: number | null; memoryUsed?: number | null };
  progress?: { progressType?: string; compile?: { success?: boolean; message?: string } };
}

/** The bearer token of each logged-in session (the session object is the account's, kept by the worker). */
const tokens = new WeakMap<RemoteHttp, string>();

/** One API call: a JSON POST, a JSON answer; an HTML error page or a 5xx is the site being down. */
async function api<T>(call: SiteCall, route: string, body: unknown, auth = false): Promise<T & { error?: string }> {
  const token = tokens.get(call.http);
  if (auth && !token) throw new RemoteSiteError('login', 'the session is not logged in');
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const reply = expectOk(await call.http.request({ method: 'POST', url: `${call.base}/api/${route}`, json: body, headers }), route);
  return jsonOf<T & { error?: string }>(reply, route);
}

const displayIdOf = (problemId: string): number => {
  if (!/^\d{1,9}$/.test(problemId)) throw new RemoteSiteError('not-found', `${problemId} is not a LibreOJ problem id (a number, e.g. 1)`);
  return Number(problemId);
};

const SECTION = { input: /输入|Input/i, output: /输出|Output/i, hint: /提示|说明|限制|范围|Hint|Note|Constraint|Limit/i };

/** Reads `problem/getProblem`'s answer: the Markdown sections as they are, the samples in the order the statement shows them. */
export function parseLibreProblem(reply: GetProblemReply, problemId: string): RemoteProblem {
  const content = reply.localizedContentsOfLocale;
  const limits = reply.judgeInfo;
  if (!reply.meta || !content?.title || !Array.isArray(content.contentSections) || !Array.isArray(reply.samples)) {
    throw new RemoteSiteError('changed', 'problem/getProblem: no title, statement or samples in the reply');
  }
  if (typeof limits?.timeLimit !== 'number' || typeof limits.memoryLimit !== 'number') throw new RemoteSiteError('changed', `problem/getProblem: no limits (a ${reply.meta.type} problem)`);
  const parts = { description: [] as string[], input: [] as string[], output: [] as string[], hint: [] as string[] };
  const examples: RemoteProblem['examples'] = [];
  for (const s of content.contentSections) {
    if (s.type === 'Sample') {
      const sample = reply.samples[s.sampleId ?? -1];
      if (!sample) throw new RemoteSiteError('changed', `problem/getProblem: sample ${s.sampleId} is missing`);
      examples.push({ input: sample.inputData, output: sample.outputData });
      if (s.text?.trim()) parts.hint.push(`**${s.sectionTitle}**\n\n${s.text.trim()}`);
      continue;
    }
    const text = (s.text ?? '').trim();
    if (SECTION.input.test(s.sectionTitle)) parts.input.push(text);
    else if (SECTION.output.test(s.sectionTitle)) parts.output.push(text);
    else if (SECTION.hint.test(s.sectionTitle)) parts.hint.push(text);
    else parts.description.push(parts.description.length === 0 ? text : `**${s.sectionTitle}**\n\n${text}`);
  }
  return {
    problemId,
    title: content.title,
    timeLimitMs: limits.timeLimit,
    memoryLimitMb: limits.memoryLimit,
    description: parts.description.join('\n\n'),
    input: parts.input.join('\n\n'),
    output: parts.output.join('\n\n'),
    examples,
    hint: parts.hint.join('\n\n'),
    source: `LibreOJ ${problemId}`,
    tags: (reply.tagsOfLocale ?? []).map((t) => t.name).filter(Boolean),
  };
}

/** Reads `submission/getSubmissionDetail`'s answer. */
export function parseLibreSubmission(reply: SubmissionDetailReply): RemotePoll {
  const meta = reply.meta;
  if (!meta || typeof meta.status !== 'string') throw new RemoteSiteError('changed', 'submission/getSubmissionDetail: no status in the reply');
  if (meta.status === 'Pending') {
    const state = PROGRESS[reply.progress?.progressType ?? 'Preparing'];
    if (!state) throw new RemoteSiteError('changed', `unknown progress "${reply.progress?.progressType}"`);
    return { state };
  }
  const verdict = LIBREOJ_VERDICTS[meta.status];
  if (!verdict) throw new RemoteSiteError('changed', `unknown verdict "${meta.status}"`);
  const compileMessage = reply.progress?.compile?.message?.trim();
  return {
    state: 'done',
    status: verdict.status,
    time: meta.timeUsed ?? null,
    memory: meta.memoryUsed ?? null,
    errorMessage: verdict.status === JudgeStatus.COMPILE_ERROR ? compileMessage || 'Compilation error on LibreOJ' : (verdict.message ?? null),
  };
}

/** What the site's `error` means for a call: a refusal with its reason, a missing problem, or a busy site. */
function refused(route: string, error: string): RemoteSiteError {
  if (error === 'NO_SUCH_PROBLEM') return new RemoteSiteError('not-found', `${route}: ${error}`);
  if (error === 'RATE_LIMITED') return new RemoteSiteError('down', `${route}: ${error}`);
  return new RemoteSiteError('rejected', `${route}: ${error}`);
}

async function getProblem(call: SiteCall, problemId: string, withContent: boolean): Promise<GetProblemReply> {
  const body = withContent
    ? { displayId: displayIdOf(problemId), localizedContentsOfLocale: 'zh_CN', tagsOfLocale: 'zh_CN', samples: true, judgeInfo: true }
    : { displayId: displayIdOf(problemId) };
  const reply = await api<GetProblemReply>(call, 'problem/getProblem', body);
  if (reply.error) throw refused('problem/getProblem', reply.error);
  return reply;
}

export function createLibreOjAdapter(): RemoteAdapter {
  return {
    oj: 'LIBRE',
    defaultBase: 'https://api.loj.ac',
    minIntervalMs: 500,

    async importProblem(call, problemId) {
      return parseLibreProblem(await getProblem(call, problemId, true), String(displayIdOf(problemId)));
    },

    async login(call, account) {
      const reply = await api<{ token?: string }>(call, 'auth/login', { username: account.username, password: account.password });
      if (reply.error) throw new RemoteSiteError('login', `LibreOJ refused the login: ${reply.error}`);
      if (!reply.token) throw new RemoteSiteError('changed', 'auth/login: no token in the reply');
      tokens.set(call.http, reply.token);
    },

    async submit(call, _account, sub) {
      const content = LIBREOJ_LANGUAGES[sub.language];
      if (!content) throw new RemoteSiteError('rejected', `the language ${sub.language} is not offered on LibreOJ`);
      if (!tokens.has(call.http)) throw new RemoteSiteError('login', 'the session is not logged in');
      const problem = await getProblem(call, sub.problemId, false);
      if (!problem.meta) throw new RemoteSiteError('changed', 'problem/getProblem: no meta in the reply');
      const reply = await api<{ submissionId?: number }>(call, 'submission/submit', { problemId: problem.meta.id, content: { ...content, code: sub.code, skipSamples: false } }, true);
      if (reply.error) throw refused('submission/submit', reply.error);
      if (typeof reply.submissionId !== 'number') throw new RemoteSiteError('changed', 'submission/submit: no submissionId in the reply');
      return String(reply.submissionId);
    },

    async poll(call, _account, sub): Promise<RemotePoll> {
      const reply = await api<SubmissionDetailReply>(call, 'submission/getSubmissionDetail', { submissionId: sub.runId, locale: 'en_US' }, true);
      if (reply.error === 'PERMISSION_DENIED') throw new RemoteSiteError('login', `submission/getSubmissionDetail: ${reply.error}`);
      if (reply.error) throw new RemoteSiteError('changed', `submission/getSubmissionDetail: ${reply.error}`);
      return parseLibreSubmission(reply);
    },
  };
}
