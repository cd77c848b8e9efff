// The Introduction tab: the password form of a private training the caller has not registered for (an empty password
// warns 'Enter the training password'), the info card (number, auth, category in its colour, problems, author linking
// to their home, last modified) and the sanitised markdown description.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { TRAINING_AUTH } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import type { MessageId } from '../../i18n/zh-CN';
import { formatDateTime } from '../../lib/format';
import { PasswordCard } from '../../components/PasswordCard';
import { CategoryTag, TrainingAuthTag } from './TrainingBadges';
import { registerTraining } from './training-api';
import { useTrainingShell } from './training-context';

function InfoRow({ label, children }: { label: MessageId; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-slate-100 py-2 text-sm last:border-0">
      <span className="text-slate-500">
        <FormattedMessage id={label} />
      </span>
      <span className="text-right text-slate-800">{children}</span>
    </div>
  );
}

export function TrainingIntroTab() {
  const { training: t, reload } = useTrainingShell();
  const needsPassword = t.auth === TRAINING_AUTH.PRIVATE && !t.access;
  return (
    <div className="flex flex-col gap-5 px-5 py-4 lg:flex-row-reverse" data-testid="training-intro">
      <aside className="flex w-full shrink-0 flex-col gap-4 lg:w-80">
        {needsPassword && (
          <PasswordCard
            register={(password) => registerTraining(t.id, password)}
            onRegistered={reload}
            messages={{
              title: 'training.password.title',
              placeholder: 'error.TRAINING_PASSWORD_REQUIRED',
              empty: 'error.TRAINING_PASSWORD_REQUIRED',
              submit: 'training.password.submit',
              registered: 'training.password.registered',
            }}
            testIds={{ card: 'training-password-card', input: 'training-password-input', submit: 'training-register' }}
          />
        )}
        <div className="rounded-lg border border-slate-200 px-4 py-2" data-testid="training-info">
          <InfoRow label="training.info.number">{t.rank}</InfoRow>
          <InfoRow label="training.info.auth">
            <TrainingAuthTag auth={t.auth} />
          </InfoRow>
          <InfoRow label="training.info.category">
            <CategoryTag name={t.categoryName} color={t.categoryColor} />
          </InfoRow>
          <InfoRow label="training.info.problems">
            <span data-testid="training-info-problems">{t.problemCount}</span>
          </InfoRow>
          <InfoRow label="training.info.author">
            {t.author && (
              <Link to={`/user-home?username=${encodeURIComponent(t.author)}`} className="text-blue-600 hover:underline" data-testid="training-info-author">
                {t.author}
              </Link>
            )}
          </InfoRow>
          <InfoRow label="training.info.modified">{formatDateTime(t.gmtModified)}</InfoRow>
        </div>
      </aside>
      <div className="min-w-0 flex-1" data-testid="training-description">
        <Markdown text={t.description} />
      </div>
    </div>
  );
}
