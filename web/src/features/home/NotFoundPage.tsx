// Any unknown path: 404 with Go Home and Back.
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../lib/usePageTitle';

export function NotFoundPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  usePageTitle(intl.formatMessage({ id: 'notFound.page.text' }));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" data-testid="not-found">
      <div className="text-7xl font-bold text-slate-300">
        <FormattedMessage id="notFound.page.title" />
      </div>
      <p className="mt-4 text-lg text-slate-600">
        <FormattedMessage id="notFound.page.text" />
      </p>
      <div className="mt-8 flex gap-3">
        <button type="button" onClick={() => navigate('/home')} className="rounded bg-blue-600 px-4 py-2 text-sm text-white hover:bg-blue-700">
          <FormattedMessage id="notFound.page.goHome" />
        </button>
        <button type="button" onClick={() => navigate(-1)} className="rounded border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-100">
          <FormattedMessage id="notFound.page.back" />
        </button>
      </div>
    </div>
  );
}
