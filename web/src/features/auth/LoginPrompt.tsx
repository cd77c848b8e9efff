// A page that needs a login, opened without one: says so and opens the login dialog (settings, my courses).
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { openLoginDialog } from '../../stores/ui';

export function LoginPrompt() {
  useEffect(() => openLoginDialog('login'), []);
  return (
    <p className="mx-auto max-w-screen-lg px-4 py-16 text-center text-slate-500" data-testid="login-prompt">
      <FormattedMessage id="error.AUTH_NOT_LOGGED_IN" />
    </p>
  );
}
