// A class's students (the class page and the course's invite dialog): search, 10 a page, pushed live with the 15 s
// refresh as the fallback, remove with confirmation, and add by a list of usernames or a CSV whose first column is
// the username (a header row `username` is skipped). Adding is all or nothing on the server.
import { useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EDU_LIMITS } from '@oj/proto';
import { Pager } from '../../../components/Pager';
import { ApiError } from '../../../lib/api';
import { takeFile } from '../../../lib/file-input';
import { showToast } from '../../../stores/ui';
import { addStudents, removeStudent } from '../education-api';
import { useClassStudents } from '../useClassStudents';

/** Usernames from typed text or a CSV: the first cell of each line, without quotes, blanks and a `username` header. */
export function usernamesFrom(text: string): string[] {
  const names = text
    .split(/\r?\n/)
    .map((line) => (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"(.*)"$/, '$1').trim())
    .filter((n) => n && !/^(username|用户名)$/i.test(n));
  return [...new Set(names)];
}

function AddStudents({ classId, onAdded }: { classId: number; onAdded: () => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const submit = async (names: string[]) => {
    if (names.length === 0) return;
    try {
      const r = await addStudents(classId, names);
      showToast('success', intl.formatMessage({ id: 'eduAdmin.students.added' }, { added: r.added, already: r.already }));
      setText('');
      onAdded();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      showToast('error', intl.formatMessage({ id: 'eduAdmin.common.opFailed' }, { msg: e.message }));
    }
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = takeFile(e);
    if (f) await submit(usernamesFrom(await f.text()));
  };
  return (
    <div className="flex flex-wrap items-start gap-2">
      <textarea
        data-testid="edu-students-usernames"
        rows={2}
        className="min-w-60 flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
        placeholder={intl.formatMessage({ id: 'eduAdmin.students.usernames' })}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="button" data-testid="edu-students-add" onClick={() => void submit(usernamesFrom(text))} className="rounded bg-blue-600 px-3 py-1 text-sm text-white">
        <FormattedMessage id="eduAdmin.students.add" />
      </button>
      <label className="cursor-pointer rounded border border-slate-300 px-3 py-1 text-sm">
        <FormattedMessage id="eduAdmin.students.csv" />
        <input data-testid="edu-students-csv" type="file" accept=".csv,text/csv,text/plain" className="hidden" onChange={(e) => void onFile(e)} />
      </label>
    </div>
  );
}

export function StudentPanel({ classId, canEdit = true }: { classId: number; canEdit?: boolean }) {
  const intl = useIntl();
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const { page, reload } = useClassStudents(classId, { pageNum, keyword }, () => showToast('error', intl.formatMessage({ id: 'eduAdmin.students.loadFailed' })));
  const remove = async (uid: string, username: string) => {
    if (!window.confirm(intl.formatMessage({ id: 'eduAdmin.students.removeConfirm' }, { username }))) return;
    try {
      await removeStudent(classId, uid);
      showToast('success', intl.formatMessage({ id: 'eduAdmin.common.removed' }));
      await reload();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      showToast('error', intl.formatMessage({ id: 'eduAdmin.common.removeFailed' }, { msg: e.message }));
    }
  };
  return (
    <div className="space-y-3" data-testid="edu-student-panel">
      {canEdit && <AddStudents classId={classId} onAdded={() => void reload()} />}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setPageNum(1);
          setKeyword(typed.trim());
        }}
      >
        <input data-testid="edu-students-search" className="rounded border border-slate-300 px-2 py-1 text-sm" placeholder={intl.formatMessage({ id: 'eduAdmin.students.search' })} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <span className="self-center text-sm text-slate-500" data-testid="edu-students-total">
          <FormattedMessage id="eduAdmin.students.total" values={{ n: page?.total ?? 0 }} />
        </span>
      </form>
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-left text-slate-500">
          <tr>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.students.username" /></th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.students.realname" /></th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.students.number" /></th>
            <th className="px-2 py-1"><FormattedMessage id="eduAdmin.students.gender" /></th>
            {canEdit && <th className="px-2 py-1" />}
          </tr>
        </thead>
        <tbody>
          {page?.records.map((s) => (
            <tr key={s.uid} data-testid="edu-student-row" className="border-t border-slate-100">
              <td className="px-2 py-1">{s.username}</td>
              <td className="px-2 py-1">{s.realname ?? ''}</td>
              <td className="px-2 py-1">{s.number ?? ''}</td>
              <td className="px-2 py-1"><FormattedMessage id={`eduAdmin.gender.${s.gender}`} /></td>
              {canEdit && (
                <td className="px-2 py-1 text-right">
                  <button type="button" data-testid="edu-student-remove" onClick={() => void remove(s.uid, s.username)} className="text-xs text-red-600 hover:underline">
                    <FormattedMessage id="eduAdmin.common.remove" />
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={pageNum} size={EDU_LIMITS.studentPageSize} total={page?.total ?? 0} sizeSelect={false} onChange={(p) => setPageNum(p)} />
    </div>
  );
}
