// The page frame: header, routed content, footer (not on problem details), toasts and the login dialog.
import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router-dom';
import { Loading } from '../../components/Spinner';
import { LoginDialogHost } from '../auth/LoginDialogHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { Toasts } from './Toasts';

export function Layout() {
  const onPracticeProblem = useMatch('/problem/:problemID');
  const onContestProblem = useMatch('/contest/:contestID/problem/:problemID');
  const onProblemDetail = onPracticeProblem !== null || onContestProblem !== null;
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        {/* Pages are loaded on first visit (App.tsx): show a spinner meanwhile. */}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      {!onProblemDetail && <Footer />}
      <Toasts />
      <LoginDialogHost />
    </div>
  );
}
