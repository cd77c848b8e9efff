// Where the login dialog lives in a page frame: its code (the forms, slide verification and the Radix dialog) is a
// chunk loaded when it first opens (openLoginDialog), not with the page (docs/benchmarks.md, "Third pass").
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { loginDialogState } from '../../stores/ui';

const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));

export function LoginDialogHost() {
  const { open } = useSnapshot(loginDialogState);
  // Once opened it stays mounted (closed), as before.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}
