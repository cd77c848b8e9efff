// The Overview tab: the description (markdown) and, for a password contest the user has not registered for, the
// password card (an empty password warns "Enter the contest password").
import { Markdown } from '../../components/Markdown';
import { PasswordCard } from '../../components/PasswordCard';
import { registerContest } from './contest-api';
import { useContestShell } from './contest-context';
import { needsPassword } from './contest-tabs';

export function ContestOverviewTab() {
  const { contest, isAdmin, registered, reload } = useContestShell();
  return (
    <div className="px-5 py-4" data-testid="contest-overview">
      <div data-testid="contest-description">
        <Markdown text={contest.description} />
      </div>
      {needsPassword(contest, isAdmin, registered) && (
        <PasswordCard
          className="mx-auto mt-6 max-w-md"
          register={(password) => registerContest(contest.id, password)}
          onRegistered={reload}
          messages={{
            title: 'contest.password.title',
            hint: 'contest.password.hint',
            placeholder: 'contest.password.placeholder',
            empty: 'contest.password.empty',
            submit: 'contest.password.submit',
            registered: 'contest.password.registered',
          }}
          testIds={{ card: 'contest-password-card', input: 'contest-password-input', submit: 'contest-register' }}
        />
      )}
    </div>
  );
}
