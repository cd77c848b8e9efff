// The dashboard's live panels: the judge queue per lane, each runner with its slots, sandbox driver, heartbeat age
// and jobs, and the latest verdicts. Data attributes carry the raw values the end-to-end tests read.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { DashboardLane, DashboardRunner, DashboardVerdict } from '@oj/proto';
import { StatusTag } from '../../components/StatusTag';
import { TableHead } from '../../components/TableHead';
import { formatDateTime, formatMemoryKb, formatTimeMs } from '../../lib/format';
import type { MessageId } from '../../i18n/zh-CN';

const card = 'rounded-lg border border-slate-200 bg-white p-4';
const td = 'px-2 py-1.5 text-sm text-slate-700';

function Panel({ title, testId, children }: { title: MessageId; testId: string; children: React.ReactNode }) {
  // min-w-0: in the dashboard's grid a wide table scrolls inside the panel instead of widening the page on a phone.
  return (
    <section className={`${card} min-w-0`} data-testid={testId}>
      <h2 className="mb-3 font-medium text-slate-700">
        <FormattedMessage id={title} />
      </h2>
      <div className="overflow-x-auto">{children}</div>
    </section>
  );
}

export function QueuePanel({ lanes }: { lanes: DashboardLane[] }) {
  return (
    <Panel title="dashboard.queue.title" testId="dashboard-queue">
      <table className="w-full">
        <TableHead columns={['dashboard.queue.lane', 'dashboard.queue.waiting', 'dashboard.queue.judging']} />
        <tbody>
          {lanes.map((l) => (
            <tr key={l.lane} data-testid="dashboard-lane" data-lane={l.lane} data-waiting={l.waiting} data-judging={l.judging} className="border-b border-slate-50">
              <td className={td}><FormattedMessage id={`dashboard.queue.lane_${l.lane}`} /></td>
              <td className={`${td} tabular-nums`}>{l.waiting}</td>
              <td className={`${td} tabular-nums`}>{l.judging}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

export function RunnersPanel({ runners, serverNow }: { runners: DashboardRunner[]; serverNow: number }) {
  const intl = useIntl();
  return (
    <Panel title="dashboard.runner.title" testId="dashboard-runners">
      {runners.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="dashboard-runners-none">
          <FormattedMessage id="dashboard.runner.none" />
        </p>
      ) : (
        <table className="w-full">
          <TableHead columns={(['id', 'languages', 'slots', 'version', 'sandbox', 'heartbeat', 'jobs'] as const).map((k) => `dashboard.runner.${k}` as const)} />
          <tbody>
            {runners.map((r) => (
              <tr key={r.runnerId} data-testid="dashboard-runner" data-runner-id={r.runnerId} data-free={r.freeSlots} data-slots={r.slots} data-sandbox={r.sandbox} className="border-b border-slate-50 align-top">
                <td className={`${td} font-mono`}>{r.runnerId}</td>
                <td className={`${td} max-w-64 text-xs text-slate-500`}>{r.languages.join(', ')}</td>
                <td className={`${td} tabular-nums`}>{r.freeSlots} / {r.slots}</td>
                <td className={td}>{r.version}</td>
                <td className={td} data-testid="dashboard-runner-sandbox">
                  <FormattedMessage id={`dashboard.runner.sandbox_${r.sandbox ?? 'unknown'}`} />
                </td>
                <td className={`${td} tabular-nums`} data-testid="dashboard-runner-age">
                  {intl.formatMessage({ id: 'dashboard.runner.ago' }, { seconds: Math.max(0, Math.round((serverNow - r.lastSeen) / 1000)) })}
                </td>
                <td className={td}>
                  {r.jobs.length === 0 ? (
                    <span className="text-slate-400"><FormattedMessage id="dashboard.runner.idle" /></span>
                  ) : (
                    r.jobs.map((j) => (
                      <div key={`${j.submitId}-${j.startedAt}`} data-testid="dashboard-runner-job" data-submit-id={j.submitId}>
                        {j.test ? <FormattedMessage id="dashboard.runner.testJob" /> : <Link className="text-sky-700 hover:underline" to={`/submission-detail/${j.submitId}`}>#{j.submitId}</Link>}{' '}
                        <span className="text-slate-500">{j.problemId}</span>
                      </div>
                    ))
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

export function VerdictsPanel({ verdicts }: { verdicts: DashboardVerdict[] }) {
  return (
    <Panel title="dashboard.verdict.title" testId="dashboard-verdicts">
      {verdicts.length === 0 ? (
        <p className="text-sm text-slate-500"><FormattedMessage id="dashboard.verdict.none" /></p>
      ) : (
        <table className="w-full">
          <TableHead columns={(['submitId', 'user', 'problem', 'status', 'time', 'memory', 'judgedAt'] as const).map((k) => `dashboard.verdict.${k}` as const)} />
          <tbody>
            {verdicts.map((v) => (
              <tr key={v.submitId} data-testid="dashboard-verdict" data-submit-id={v.submitId} data-status={v.status} className="border-b border-slate-50">
                <td className={td}><Link className="text-sky-700 hover:underline" to={`/submission-detail/${v.submitId}`}>{v.submitId}</Link></td>
                <td className={td}>{v.username}</td>
                <td className={td}>{v.cid > 0 ? <Link className="text-sky-700 hover:underline" to={`/contest/${v.cid}/problem/${v.displayPid}`}>{v.displayPid}</Link> : <Link className="text-sky-700 hover:underline" to={`/problem/${v.displayPid}`}>{v.displayPid}</Link>}</td>
                <td className={td}><StatusTag status={v.status} /></td>
                <td className={`${td} tabular-nums`}>{formatTimeMs(v.time)}</td>
                <td className={`${td} tabular-nums`}>{formatMemoryKb(v.memory)}</td>
                <td className={`${td} whitespace-nowrap text-xs text-slate-500`}>{formatDateTime(v.judgedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
