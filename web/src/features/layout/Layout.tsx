// The page frame: header, routed content, footer (not on problem details), toasts and the login dialog.
import { Outlet, useMatch } from 'react-router-dom';
import { LoginDialog } from '../auth/LoginDialog';
import { Footer } from './Footer';
import { Header } from './Header';
import { Toasts } from './Toasts';

export function Layout() {
  const onProblemDetail = useMatch('/problem/:problemID');
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        <Outlet />
      </main>
      {!onProblemDetail && <Footer />}
      <Toasts />
      <LoginDialog />
    </div>
  );
}
