// /admin/contest/create and /admin/contest/:contestId/edit: every field of AdminContestBody with the checks of
// the form's rules (required fields, duration, password, start before end, seal options, star users, award levels).
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTEST_AUTH, type AdminContestBody, type AdminContestVO } from '@oj/proto';
import { Loading } from '../../../components/Spinner';
import type { MessageId } from '../../../i18n/zh-CN';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { formatContestDuration } from '../ContestBadges';
import { adminCreateContest, adminGetContest, adminUpdateContest } from '../contest-api';
import {
  addStarUser,
  defaultSealOption,
  endBeforeStart,
  fitSealOption,
  formDurationS,
  formFromVO,
  formToBody,
  newContestForm,
  SEAL_OPTIONS,
  sealOptionEnabled,
  validateContestForm,
  type ContestForm,
  type SealOption,
} from './contest-form';
import { AwardEditor, awardNames, Field, input, Toggle } from './contest-form-fields';

const SEAL_LABEL: Record<SealOption, MessageId> = {
  halfHour: 'contest.form.sealHalfHour',
  oneHour: 'contest.form.sealOneHour',
  fromStart: 'contest.form.sealFromStart',
};

/** Where the form reads and saves a contest, and where it goes next: the admin pages' contests, or a group's. */
export interface ContestFormTarget {
  get: (cid: number) => Promise<AdminContestVO>;
  create: (body: AdminContestBody) => Promise<number | null>;
  update: (body: AdminContestBody) => Promise<unknown>;
  /** The list to go back to. */
  list: string;
  /** A new contest's problems. */
  problems: (cid: number) => string;
}

const SITE: ContestFormTarget = {
  get: adminGetContest,
  create: adminCreateContest,
  update: adminUpdateContest,
  list: '/admin/contest',
  problems: (cid) => `/admin/contest/${cid}/problems`,
};

export function AdminContestFormPage({ target = SITE }: { target?: ContestFormTarget }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { contestId } = useParams();
  const editing = contestId !== undefined;
  // 0 when creating, not NaN (which is no id, and never equals itself in a dependency check done with !==).
  const cid = editing ? Number(contestId) : 0;
  usePageTitle(intl.formatMessage({ id: editing ? 'contest.form.editTitle' : 'contest.form.createTitle' }));
  const [form, setForm] = useState<ContestForm | null>(editing ? null : newContestForm(Date.now(), awardNames(intl)));
  const [star, setStar] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!editing) {
      setForm(newContestForm(Date.now(), awardNames(intl)));
      return;
    }
    let live = true;
    target.get(cid).then(
      (vo) => live && setForm(formFromVO(vo)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [editing, cid]);

  if (failed) {
    return (
      <div className="py-16 text-center text-slate-500">
        <FormattedMessage id="contest.shell.loadFailed" />
      </div>
    );
  }
  if (!form) return <Loading />;

  const duration = formDurationS(form);
  const patch = (p: Partial<ContestForm>) => setForm((f) => (f ? { ...f, ...p } : f));
  const setTimes = (p: Pick<Partial<ContestForm>, 'startTime' | 'endTime'>) => {
    const next = { ...form, ...p };
    // Contets_Time_Check: an end before the start is reported and the duration shows 0.
    if (endBeforeStart(next) && !endBeforeStart(form)) showToast('warning', intl.formatMessage({ id: 'contest.form.timeCheck' }));
    setForm({ ...next, sealOption: fitSealOption(next.sealOption, next.type, formDurationS(next)) });
  };

  const addStar = () => {
    const r = addStarUser(form.starAccount, star);
    if (r.ok) {
      patch({ starAccount: r.list });
      setStar('');
    } else if (r.reason === 'duplicate') {
      showToast('warning', intl.formatMessage({ id: 'contest.form.starDuplicate' }));
    }
  };

  const save = async () => {
    const problem = validateContestForm(form);
    if (problem) {
      showToast('warning', intl.formatMessage({ id: problem }));
      return;
    }
    setBusy(true);
    try {
      const body = formToBody(form);
      if (editing) {
        await target.update({ ...body, id: cid });
        showToast('success', intl.formatMessage({ id: 'contest.admin.updated' }));
        navigate(target.list);
      } else {
        const created = await target.create(body);
        showToast('success', intl.formatMessage({ id: 'contest.admin.created' }));
        // A new contest needs its problems next.
        navigate(created !== null ? target.problems(created) : target.list);
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="admin-contest-form">
      <h1 className="border-b border-slate-100 px-5 py-3 text-lg font-semibold text-slate-800">
        <FormattedMessage id={editing ? 'contest.form.editTitle' : 'contest.form.createTitle'} />
      </h1>
      <div className="grid gap-5 px-5 py-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <Field label="contest.form.title" required>
            <input data-testid="admin-contest-title" className={input} maxLength={255} value={form.title} onChange={(e) => patch({ title: e.target.value })} />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field label="contest.form.description" required hint={<FormattedMessage id="contest.form.markdownHint" />}>
            <textarea
              data-testid="admin-contest-description"
              className={`${input} min-h-40 font-mono`}
              value={form.description}
              onChange={(e) => patch({ description: e.target.value })}
            />
          </Field>
        </div>
        <Field label="contest.form.startTime" required>
          <input type="datetime-local" data-testid="admin-contest-start" className={input} value={form.startTime} onChange={(e) => setTimes({ startTime: e.target.value })} />
        </Field>
        <Field label="contest.form.endTime" required>
          <input type="datetime-local" data-testid="admin-contest-end" className={input} value={form.endTime} onChange={(e) => setTimes({ endTime: e.target.value })} />
        </Field>
        <div className="text-sm text-slate-600 md:col-span-2" data-testid="admin-contest-duration" data-seconds={duration}>
          <FormattedMessage id="contest.form.duration" />: {formatContestDuration(intl, duration)}
          {endBeforeStart(form) && (
            <span className="ml-3 text-red-600">
              <FormattedMessage id="contest.form.timeCheck" />
            </span>
          )}
        </div>
        <Field label="contest.form.type">
          <div className="flex gap-4 text-sm">
            {[0, 1].map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="contest-type"
                  data-testid={`admin-contest-type-${t}`}
                  checked={form.type === t}
                  onChange={() => patch({ type: t, sealOption: form.sealRank ? fitSealOption(form.sealOption, t, duration) : form.sealOption })}
                />
                {t === 0 ? 'ACM' : 'OI'}
              </label>
            ))}
          </div>
        </Field>
        {form.type === 1 ? (
          <Field label="contest.form.oiRankScoreType">
            <select className={input} value={form.oiRankScoreType} onChange={(e) => patch({ oiRankScoreType: e.target.value === 'Highest' ? 'Highest' : 'Recent' })}>
              <option value="Recent">{intl.formatMessage({ id: 'contest.form.oiRecent' })}</option>
              <option value="Highest">{intl.formatMessage({ id: 'contest.form.oiHighest' })}</option>
            </select>
          </Field>
        ) : (
          <div />
        )}
        <Field label="contest.form.auth">
          <select data-testid="admin-contest-auth" className={input} value={form.auth} onChange={(e) => patch({ auth: Number(e.target.value) })}>
            <option value={CONTEST_AUTH.PUBLIC}>{intl.formatMessage({ id: 'contest.auth.public' })}</option>
            <option value={CONTEST_AUTH.PRIVATE}>{intl.formatMessage({ id: 'contest.auth.private' })}</option>
            <option value={CONTEST_AUTH.PROTECTED}>{intl.formatMessage({ id: 'contest.auth.protected' })}</option>
          </select>
        </Field>
        {form.auth !== CONTEST_AUTH.PUBLIC ? (
          <Field label="contest.form.password" required={!form.pwdSet}>
            <input
              data-testid="admin-contest-password"
              className={input}
              maxLength={100}
              value={form.pwd}
              placeholder={form.pwdSet ? intl.formatMessage({ id: 'security.contestForm.passwordKeep' }) : undefined}
              onChange={(e) => patch({ pwd: e.target.value })}
            />
          </Field>
        ) : (
          <div />
        )}
        <Field label="contest.form.rankShowName">
          <select
            className={input}
            value={form.rankShowName}
            onChange={(e) => patch({ rankShowName: e.target.value === 'realname' ? 'realname' : e.target.value === 'nickname' ? 'nickname' : 'username' })}
          >
            <option value="username">{intl.formatMessage({ id: 'contest.form.showUsername' })}</option>
            <option value="realname">{intl.formatMessage({ id: 'contest.form.showRealname' })}</option>
            <option value="nickname">{intl.formatMessage({ id: 'contest.form.showNickname' })}</option>
          </select>
        </Field>
        <div className="space-y-2 pt-5">
          <Toggle label="contest.form.visible" checked={form.visible} onChange={(v) => patch({ visible: v })} testId="admin-contest-visible-switch" />
          <Toggle label="contest.form.openPrint" checked={form.openPrint} onChange={(v) => patch({ openPrint: v })} testId="admin-contest-print" />
          <Toggle label="contest.form.openRank" checked={form.openRank} onChange={(v) => patch({ openRank: v })} testId="admin-contest-open-rank" />
          <Toggle label="contest.form.allowEndSubmit" checked={form.allowEndSubmit} onChange={(v) => patch({ allowEndSubmit: v })} testId="admin-contest-end-submit" />
        </div>

        <section className="space-y-2 rounded border border-slate-200 p-3 md:col-span-2">
          <Toggle
            label="contest.form.sealRank"
            checked={form.sealRank}
            testId="admin-contest-seal"
            onChange={(v) => patch({ sealRank: v, sealOption: v ? defaultSealOption(form.type, duration) : form.sealOption })}
          />
          {form.sealRank && (
            <>
              <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label={intl.formatMessage({ id: 'contest.form.sealTime' })}>
                {SEAL_OPTIONS.map((o) => (
                  <label key={o} className={`flex items-center gap-1 ${sealOptionEnabled(o, duration) ? '' : 'text-slate-400'}`}>
                    <input
                      type="radio"
                      name="seal-option"
                      data-testid={`admin-contest-seal-${o}`}
                      disabled={!sealOptionEnabled(o, duration)}
                      checked={form.sealOption === o}
                      onChange={() => patch({ sealOption: o })}
                    />
                    <FormattedMessage id={SEAL_LABEL[o]} />
                  </label>
                ))}
              </div>
              <Toggle label="contest.form.autoRealRank" checked={form.autoRealRank} onChange={(v) => patch({ autoRealRank: v })} testId="admin-contest-auto-real-rank" />
            </>
          )}
        </section>

        <section className="space-y-2 rounded border border-slate-200 p-3 md:col-span-2">
          <div className="text-sm font-medium text-slate-700">
            <FormattedMessage id="contest.form.starUsers" />
          </div>
          <div className="flex flex-wrap gap-1" data-testid="admin-contest-star-list">
            {form.starAccount.map((u) => (
              <span key={u} className="inline-flex items-center gap-1 rounded bg-amber-50 px-2 py-0.5 text-xs text-amber-800" data-testid="admin-contest-star">
                {u}
                <button
                  type="button"
                  aria-label={intl.formatMessage({ id: 'contest.form.remove' })}
                  onClick={() => patch({ starAccount: form.starAccount.filter((x) => x !== u) })}
                >
                  ✕
                </button>
              </span>
            ))}
          </div>
          <div className="flex gap-2">
            <input
              data-testid="admin-contest-star-input"
              className="w-56 rounded border border-slate-300 px-2 py-1 text-sm"
              placeholder={intl.formatMessage({ id: 'contest.form.starPlaceholder' })}
              value={star}
              onChange={(e) => setStar(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addStar();
                }
              }}
            />
            <button type="button" data-testid="admin-contest-star-add" className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-600 hover:bg-slate-50" onClick={addStar}>
              <FormattedMessage id="contest.form.add" />
            </button>
          </div>
        </section>

        <section className="space-y-2 rounded border border-slate-200 p-3 md:col-span-2">
          <Field label="contest.form.awardType">
            <select data-testid="admin-contest-award-type" className="w-56 rounded border border-slate-300 px-2 py-1.5 text-sm" value={form.awardType} onChange={(e) => patch({ awardType: Number(e.target.value) })}>
              <option value={0}>{intl.formatMessage({ id: 'contest.form.awardNone' })}</option>
              <option value={1}>{intl.formatMessage({ id: 'contest.form.awardProportion' })}</option>
              <option value={2}>{intl.formatMessage({ id: 'contest.form.awardNumber' })}</option>
            </select>
          </Field>
          {form.awardType !== 0 && (
            <>
              <p className="text-xs text-slate-500">
                <FormattedMessage id={form.awardType === 1 ? 'contest.form.awardProportionHint' : 'contest.form.awardNumberHint'} />
              </p>
              <AwardEditor list={form.awardConfigList} onChange={(l) => patch({ awardConfigList: l })} />
            </>
          )}
        </section>

        <section className="space-y-2 rounded border border-slate-200 p-3 md:col-span-2">
          <Toggle label="contest.form.accountLimit" checked={form.openAccountLimit} onChange={(v) => patch({ openAccountLimit: v })} testId="admin-contest-account-limit" />
          {form.openAccountLimit && (
            <div className="grid gap-3 md:grid-cols-4">
              <Field label="contest.form.accountPrefix">
                <input className={input} value={form.accountLimit.prefix} onChange={(e) => patch({ accountLimit: { ...form.accountLimit, prefix: e.target.value } })} />
              </Field>
              <Field label="contest.form.accountSuffix">
                <input className={input} value={form.accountLimit.suffix} onChange={(e) => patch({ accountLimit: { ...form.accountLimit, suffix: e.target.value } })} />
              </Field>
              <Field label="contest.form.accountFrom">
                <input
                  type="number"
                  min={0}
                  className={input}
                  value={form.accountLimit.number_from}
                  onChange={(e) => patch({ accountLimit: { ...form.accountLimit, number_from: Math.max(0, Math.floor(Number(e.target.value) || 0)) } })}
                />
              </Field>
              <Field label="contest.form.accountTo">
                <input
                  type="number"
                  min={0}
                  className={input}
                  value={form.accountLimit.number_to}
                  onChange={(e) => patch({ accountLimit: { ...form.accountLimit, number_to: Math.max(0, Math.floor(Number(e.target.value) || 0)) } })}
                />
              </Field>
              <div className="md:col-span-4">
                <Field label="contest.form.accountExtra" hint={<FormattedMessage id="contest.form.accountExtraHint" />}>
                  <textarea className={`${input} min-h-20`} value={form.accountLimit.extra_account} onChange={(e) => patch({ accountLimit: { ...form.accountLimit, extra_account: e.target.value } })} />
                </Field>
              </div>
            </div>
          )}
        </section>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 px-5 py-3">
        <button type="button" className="rounded border border-slate-300 px-4 py-1.5 text-sm text-slate-600 hover:bg-slate-50" onClick={() => navigate(target.list)}>
          <FormattedMessage id="contest.form.back" />
        </button>
        <button type="button" data-testid="admin-contest-save" disabled={busy} onClick={() => void save()} className="rounded bg-blue-600 px-5 py-1.5 text-sm text-white hover:bg-blue-700 disabled:opacity-60">
          <FormattedMessage id="contest.form.save" />
        </button>
      </div>
    </div>
  );
}
