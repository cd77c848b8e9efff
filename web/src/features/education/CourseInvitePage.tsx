// /courses/:id/invite?inviteCode=: the invite page of the spec — loading, error (with retry), loaded, joining, joined;
// an expired code disables the button (it reads expired); a missing id or code is an invalid link; 401 prompts login.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { CourseInviteVO } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { getCourseInvite, joinCourse } from './education-api';

type State = { s: 'loading' } | { s: 'error'; msg: string; login?: boolean } | { s: 'loaded' | 'joining' | 'joined'; invite: CourseInviteVO };

export function CourseInvitePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'education.invite.title' }));
  const courseId = Number(useParams().courseId);
  const code = useSearchParams()[0].get('inviteCode') ?? '';
  const session = useSnapshot(sessionState);
  const loggedIn = isLoggedIn(session);
  const valid = Number.isInteger(courseId) && courseId > 0 && code !== '';
  const [state, setState] = useState<State>({ s: 'loading' });
  const load = useCallback(() => {
    if (!valid) return setState({ s: 'error', msg: intl.formatMessage({ id: 'education.invite.invalid' }) });
    if (!loggedIn) return setState({ s: 'error', msg: intl.formatMessage({ id: 'education.invite.login' }), login: true });
    setState({ s: 'loading' });
    getCourseInvite(courseId, code).then(
      (invite) => setState({ s: invite.joined ? 'joined' : 'loaded', invite }),
      (e: unknown) => {
        if (e instanceof ApiError && e.status === 401) return setState({ s: 'error', msg: intl.formatMessage({ id: 'education.invite.login' }), login: true });
        setState({ s: 'error', msg: e instanceof ApiError && e.message ? e.message : intl.formatMessage({ id: 'education.invite.loadFailed' }) });
      },
    );
  }, [valid, loggedIn, courseId, code]);
  useEffect(() => void load(), [load]);

  const join = async (invite: CourseInviteVO) => {
    setState({ s: 'joining', invite });
    try {
      await joinCourse(invite.classesId, code);
      showToast('success', intl.formatMessage({ id: 'education.invite.joinedToast' }));
      setState({ s: 'joined', invite });
    } catch (e) {
      showToast('error', e instanceof ApiError ? e.message : intl.formatMessage({ id: 'education.invite.loadFailed' }));
      setState({ s: 'loaded', invite });
    }
  };

  return (
    <div className="mx-auto max-w-md p-4" data-testid="course-invite" data-state={state.s}>
      {state.s === 'loading' && <Loading />}
      {state.s === 'error' && (
        <div className="rounded-lg border border-red-200 bg-white p-6 text-center">
          <p className="text-red-600" data-testid="course-invite-error">{state.msg}</p>
          {state.login ? (
            <button type="button" data-testid="course-invite-login" className="mt-3 rounded bg-blue-600 px-4 py-1 text-white" onClick={() => openLoginDialog('login')}>
              <FormattedMessage id="education.invite.loginButton" />
            </button>
          ) : (
            valid && (
              <button type="button" data-testid="course-invite-retry" className="mt-3 rounded border px-4 py-1" onClick={load}>
                <FormattedMessage id="education.invite.retry" />
              </button>
            )
          )}
        </div>
      )}
      {(state.s === 'loaded' || state.s === 'joining' || state.s === 'joined') && <InviteCard state={state} onJoin={(i) => void join(i)} />}
    </div>
  );
}

function InviteCard({ state, onJoin }: { state: { s: 'loaded' | 'joining' | 'joined'; invite: CourseInviteVO }; onJoin: (i: CourseInviteVO) => void }) {
  const { invite } = state;
  const expired = new Date(invite.inviteCodeExpireTime).getTime() <= Date.now();
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      {invite.coverImage ? <img src={invite.coverImage} alt="" className="h-40 w-full object-cover" /> : <div className="h-24 bg-gradient-to-br from-blue-100 to-slate-100" />}
      <div className="space-y-2 p-4">
        <h1 className="text-lg font-semibold" data-testid="course-invite-title">{invite.title}</h1>
        <p className="text-sm text-slate-500">{invite.description}</p>
        <p className="text-sm"><FormattedMessage id="education.invite.meta" values={{ teacher: invite.creator, className: invite.className }} /></p>
        {state.s === 'joined' ? (
          <div className="space-y-2">
            <p className="text-green-600" data-testid="course-invite-joined"><FormattedMessage id="education.invite.joined" /></p>
            <Link to={`/courses/${invite.id}/detail`} data-testid="course-invite-open" className="block rounded bg-blue-600 px-4 py-2 text-center text-white">
              <FormattedMessage id="education.invite.open" />
            </Link>
          </div>
        ) : (
          <button
            type="button"
            data-testid="course-invite-join"
            disabled={expired || state.s === 'joining'}
            onClick={() => onJoin(invite)}
            className="w-full rounded bg-blue-600 px-4 py-2 text-white disabled:bg-slate-300"
          >
            <FormattedMessage id={expired ? 'education.invite.expired' : state.s === 'joining' ? 'education.invite.joining' : 'education.invite.join'} />
          </button>
        )}
      </div>
    </div>
  );
}
