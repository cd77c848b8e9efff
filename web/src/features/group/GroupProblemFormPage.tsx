// /group/:groupID/problem/create and /group/:groupID/problem/:problemId/edit: the problem bank's form (its messages
// are the admin part of the catalogue, loaded here) saving through the group's calls: the short name in front of the
// display id, the site's tags, public or private in the group, test data uploaded for the group. Under
// /group/:groupID/contest/:contestId/problem/create it makes a group contest's own problem (contest only, auth 3)
// with its place in the contest (`POST /api/group/contest-problem`).
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { readPromise } from '../../lib/read-promise';
import { loadAdminMessages } from '../../i18n/locale';
import { uploadFile } from '../../lib/upload';
import { ProblemFormPage } from '../problem-admin/form/ProblemFormPage';
import type { ProblemFormTarget } from '../problem-admin/form/problem-form-target';
import { CONTEST_LIMITS, type UploadTestcaseResult } from '@oj/proto';
import { useGroupShell } from './group-context';
import { addGroupContestOwnProblem, getGroupContestProblem, getGroupContestProblems } from './group-contest-api';
import { addGroupProblem, getGroupProblem, getGroupProblemCases, getGroupProblemTags, groupCompileChecker, updateGroupProblem } from './group-api';

export function GroupProblemFormPage() {
  readPromise(loadAdminMessages());
  const { group } = useGroupShell();
  const gid = group.id;
  const inContest = useParams().contestId !== undefined;
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
      auths: inContest ? [3] : [1, 2],
      contest: {
        displayIds: async (cid) => Object.values((await getGroupContestProblems(cid, { currentPage: 1, limit: CONTEST_LIMITS.maxProblems })).contestProblemMap).map((cp) => cp.displayId),
        place: getGroupContestProblem,
        create: (dto) => addGroupContestOwnProblem({ ...dto, problem: { ...dto.problem, gid } }),
        back: (cid) => `/group/${gid}/contest/${cid}/problems`,
      },
    }),
    [gid, group.shortName, inContest],
  );
  return (
    <div className="p-2" data-testid="group-problem-form">
      <ProblemFormPage target={target} />
    </div>
  );
}
