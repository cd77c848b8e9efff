// Where the problem form loads, saves and uploads: the problem bank's admin calls by default (form-api.ts), or another
// owner's (a group's problems, features/group/GroupProblemFormPage.tsx). The form's sections read the calls they need
// from this context, so the one form serves every owner.
import { createContext, useContext } from 'react';
import type { AdminProblemDetail, AdminTag, CompileDTO, ProblemCase, ProblemDTO, UploadTestcaseResult } from '@oj/proto';
import type { UploadProgress } from '../../../lib/upload';
import { uploadMdFile, uploadMdImage } from '../../../components/MarkdownEditor';
import { allTags, compileChecker, createProblem, getAdminProblem, getProblemCases, updateProblem, uploadTestcases } from './form-api';

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
};

export const ProblemFormTargetContext = createContext<ProblemFormTarget>(BANK_TARGET);

export const useProblemFormTarget = (): ProblemFormTarget => useContext(ProblemFormTargetContext);
