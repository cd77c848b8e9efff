// Where the problem form loads, saves and uploads: the problem bank's admin calls by default (form-api.ts), or another
// owner's (a group's problems, features/group/GroupProblemFormPage.tsx). The form's sections read the calls they need
// from this context, so the one form serves every owner.
import { createContext, useContext } from 'react';
import type { AdminProblemDetail, AdminTag, CompileDTO, ContestOwnProblemDTO, ContestProblem, ProblemCase, ProblemDTO, UploadTestcaseResult } from '@oj/proto';
import type { UploadProgress } from '../../../lib/upload';
import { uploadMdFile, uploadMdImage } from '../../../components/MarkdownEditor';
import { contestDisplayIds, createContestOwnProblem, getContestProblem, updateContestOwnProblem } from '../../contest/admin/contest-admin-api';
import { allTags, compileChecker, createProblem, getAdminProblem, getProblemCases, updateProblem, uploadTestcases } from './form-api';

/** The form of a contest's own problem: where its place is read and where problem and place are saved together. */
export interface ProblemContestCalls {
  displayIds(cid: number): Promise<string[]>;
  place(cid: number, pid: number): Promise<ContestProblem>;
  create(dto: ContestOwnProblemDTO): Promise<unknown>;
  /** Absent: the owner edits a contest's problem with its own form (a group's problem form). */
  update?(dto: ContestOwnProblemDTO): Promise<unknown>;
  /** Where Cancel and a save go. */
  back(cid: number): string;
}

export interface ProblemFormTarget {
  load(pid: number): Promise<[AdminProblemDetail, ProblemCase[]]>;
  create(dto: ProblemDTO): Promise<unknown>;
  update(dto: ProblemDTO): Promise<unknown>;
  tags(): Promise<AdminTag[]>;
  compile(kind: 'spj' | 'interactive', dto: CompileDTO): Promise<unknown>;
  uploadTestcases(file: File, mode: string, progressKey: string, onProgress: (p: UploadProgress) => void): Promise<UploadTestcaseResult>;
  uploadMdImage(file: File): Promise<{ link: string }>;
  uploadMdFile(file: File): Promise<{ link: string }>;
  /** Where Cancel and a save go. */
  back: string;
  /** Shown before the display id (a group's short name: the server stores it in front); '' for none. */
  prefix: string;
  /** The auth options offered (1 public, 2 private, 3 contest only). */
  auths: readonly number[];
  /** Under a contest's route (`:contestId`): the contest's calls. */
  contest: ProblemContestCalls;
}

export const BANK_TARGET: ProblemFormTarget = {
  load: (pid) => Promise.all([getAdminProblem(pid), getProblemCases(pid)]),
  create: createProblem,
  update: updateProblem,
  tags: allTags,
  compile: compileChecker,
  uploadTestcases,
  uploadMdImage,
  uploadMdFile,
  back: '/admin/problems',
  prefix: '',
  auths: [1, 2, 3],
  contest: {
    displayIds: contestDisplayIds,
    place: getContestProblem,
    create: createContestOwnProblem,
    update: updateContestOwnProblem,
    back: (cid) => `/admin/contest/${cid}/problems`,
  },
};

export const ProblemFormTargetContext = createContext<ProblemFormTarget>(BANK_TARGET);

export const useProblemFormTarget = (): ProblemFormTarget => useContext(ProblemFormTargetContext);
