// The calls of the problem form: the problem and its cases, create and edit, compiling the checker, test-case
// upload with progress, the tag list (statement images and files: components/MarkdownEditor.tsx).
import type { AdminProblemDetail, AdminTag, CompileDTO, ProblemCase, ProblemDTO, UploadTestcaseResult } from '@oj/proto';
import { api } from '../../../lib/api';
import { uploadFile, type UploadProgress } from '../../../lib/upload';

export const getAdminProblem = (pid: number) => api.get<AdminProblemDetail>('/admin/problem', { query: { pid } });
export const getProblemCases = (pid: number) => api.get<ProblemCase[]>('/admin/problem/get-problem-cases', { query: { pid, isUpload: true } });
export const createProblem = (dto: ProblemDTO) => api.post<{ pid: number; problemId: string }>('/admin/problem', dto);
export const updateProblem = (dto: ProblemDTO) => api.put<null>('/admin/problem', dto);
/** Compiles without the global error toast: the form shows the compiler's message in its dialog. */
export const compileChecker = (kind: 'spj' | 'interactive', dto: CompileDTO) => api.post<null>(`/admin/problem/compile-${kind}`, dto, { silent: true, timeoutMs: 120_000 });
export const allTags = () => api.get<AdminTag[]>('/get-all-problem-tags', { query: { oj: 'ME' } });

/** `progressKey`: the server's steps come as `testdata.progress` under it (lib/useKeyedProgress.ts). */
export const uploadTestcases = (file: File, mode: string, progressKey: string, onProgress: (p: UploadProgress) => void) =>
  uploadFile<UploadTestcaseResult>('/file/upload-testcase-zip', file, file.name, { query: { mode, progressKey }, onProgress });
