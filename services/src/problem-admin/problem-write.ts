// Writing one problem from checked form values, inside the caller's transaction: the row, its languages, code
// templates, tags and cases. The form's save and every import use it, so an import stores exactly what the form would.
import { OjError, OWN_OJ } from '@oj/proto';
import type { Tx } from '../db/client';
import { replaceCases, type CaseFiles } from '../testdata/testdata.repo';
import type { ProblemValues } from './problem-form';
import {
  ensureTags,
  insertProblem,
  languageIds,
  problemIdTaken,
  replaceManualCases,
  setCodeTemplates,
  setProblemLanguages,
  setProblemTags,
  updateProblem,
  type ProblemRowValues,
} from './problem-admin.repo';

export interface WriteTarget {
  /** The problem to update; absent: a new one. */
  pid?: number;
  /** New problems: their author. */
  author?: string | null;
  /** Who saves (the problem's `modifiedUser`). */
  by: string;
  /** The uploaded case set to attach, already checked against the store. */
  uploaded?: { version: string; files: CaseFiles[] } | null;
  /** Our languages by name, when the caller already read them (an import writing many problems). */
  languages?: Map<string, number>;
  /** The `oj` of the tags it creates (a remote problem's tags are its site's); default ours. */
  tagOj?: string;
  /** A remote judge's problem (no cases: its site judges it). */
  isRemote?: boolean;
}

/** Writes the problem; answers its id. Throws (rolling the caller's transaction back) on a broken rule. */
export async function writeProblem(tx: Tx, v: ProblemValues, target: WriteTarget): Promise<number> {
  if (await problemIdTaken(tx, v.row.problemId, target.pid)) throw new OjError('PROBLEM_ID_EXISTS', { problemId: v.row.problemId });
  const byName = target.languages ?? (await languageIds(tx, OWN_OJ));
  const lids = v.languages.map((name) => {
    const id = byName.get(name);
    if (id === undefined) throw new OjError('PROBLEM_LANGUAGE_UNKNOWN', { language: name });
    return id;
  });
  const names = new Map(Array.from(byName, ([name, id]) => [id, name]));
  const templates = v.templates.filter((t) => names.has(t.lid));
  for (const t of templates) if (t.status && !t.code.trim()) throw new OjError('PROBLEM_TEMPLATE_EMPTY', { language: names.get(t.lid) ?? String(t.lid) });

  const row: ProblemRowValues = { ...v.row, modifiedUser: target.by, ...(target.isRemote && { isRemote: true }) };
  let pid: number;
  if (target.pid === undefined) {
    pid = await insertProblem(tx, { ...row, author: target.author ?? target.by });
  } else {
    pid = target.pid;
    if (!(await updateProblem(tx, pid, row))) throw new OjError('PROBLEM_NOT_FOUND');
  }
  await setProblemLanguages(tx, pid, lids);
  await setCodeTemplates(tx, pid, templates);
  await setProblemTags(tx, pid, await ensureTags(tx, v.tags, target.tagOj ?? OWN_OJ));
  if (v.cases) await replaceManualCases(tx, pid, v.cases);
  else if (target.uploaded) await replaceCases(tx, pid, target.uploaded.version, target.uploaded.files);
  return pid;
}
