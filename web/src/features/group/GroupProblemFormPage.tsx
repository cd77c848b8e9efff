// /group/:groupID/problem/create and /group/:groupID/problem/:problemId/edit: the problem bank's form (its messages
// are the admin part of the catalogue, loaded here) saving through the group's calls: the short name in front of the
// display id, the site's tags, public or private in the group, test data uploaded for the group.
import { useMemo } from 'react';
import { readPromise } from '../../lib/read-promise';
import { loadAdminMessages } from '../../i18n/locale';
import { uploadFile } from '../../lib/upload';
import { ProblemFormPage } from '../problem-admin/form/ProblemFormPage';
import type { ProblemFormTarget } from '../problem-admin/form/problem-form-target';
import type { UploadTestcaseResult } from '@oj/proto';
import { useGroupShell } from './group-context';
import { addGroupProblem, getGroupProblem, getGroupProblemCases, getGroupProblemTags, groupCompileChecker, updateGroupProblem } from './group-api';

export function GroupProblemFormPage() {
  readPromise(loadAdminMessages());
  const { group } = useGroupShell();
  const gid = group.id;
  const target = useMemo<ProblemFormTarget>(
    () => ({
      load: (pid) => Promise.all([getGroupProblem(pid), getGroupProblemCases(pid)]),
      create: (dto) => addGroupProblem({ ...dto, problem: { ...dto.problem, gid } }),
      update: (dto) => updateGroupProblem({ ...dto, problem: { ...dto.problem, gid } }),
      tags: () => getGroupProblemTags(gid),
      compile: (kind, dto) => groupCompileChecker(kind, dto, gid),
      uploadTestcases: (file, mode, progressKey, onProgress) => uploadFile<UploadTestcaseResult>('/file/upload-testcase-zip', file, file.name, { query: { mode, gid, progressKey }, onProgress }),
      uploadMdImage: (file) => uploadFile<{ link: string }>('/file/upload-md-img', file, file.name, { query: { gid } }),
      uploadMdFile: (file) => uploadFile<{ link: string }>('/file/upload-md-file', file, file.name, { query: { gid } }),
      back: `/group/${gid}/problem?view=admin`,
      prefix: group.shortName,
      auths: [1, 2],
    }),
    [gid, group.shortName],
  );
  return (
    <div className="p-2" data-testid="group-problem-form">
      <ProblemFormPage target={target} />
    </div>
  );
}
