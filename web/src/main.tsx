// Entry: loads the site config, languages and roles, renders the app, opens the realtime connection once loaded.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { refreshAuthInfo } from './features/auth/auth-api';
import { prefetchProblemDetail } from './features/problem/problem-api';
import { loadCatalogue, localeState } from './i18n/locale';
import './i18n/types';
import { api } from './lib/api';
import { decoders } from './lib/decoders';
import { startRealtimeAfterLoad } from './lib/socket';
import { STORAGE_KEYS, writeString } from './lib/storage';
import { loadLanguages } from './stores/languages';
import { sessionState, syncSessionFromStorage } from './stores/session';
import { siteState } from './stores/ui';
import './index.css';

document.documentElement.lang = localeState.locale;

void api
  .get('/get-website-config', { decode: decoders.websiteConfig })
  .then((config) => {
    siteState.config = config;
  })
  .catch(() => undefined);
void loadLanguages();
// Older versions kept the token in localStorage, where a script could read it: it is the httpOnly cookie's now.
writeString(STORAGE_KEYS.legacyToken, null);
if (sessionState.csrf) void refreshAuthInfo();
// A visit that starts on a problem: its detail is requested now, while the page's code loads (problem-api.ts).
const firstProblem = /^\/problem\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
if (firstProblem) prefetchProblemDetail(decodeURIComponent(firstProblem));

// A login or logout in another tab is picked up when this tab becomes visible.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible') return;
  const had = sessionState.csrf !== null;
  syncSessionFromStorage();
  // Logged out elsewhere: the user is cleared and sent to /home (/admin/login in the admin pages).
  if (had && sessionState.csrf === null) {
    const to = window.location.pathname.startsWith('/admin') ? '/admin/login' : '/home';
    if (window.location.pathname !== to) window.location.assign(to);
  }
});

startRealtimeAfterLoad();

// The first render waits for the language's messages (a chunk of their own, requested now).
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
loadCatalogue(localeState.locale).then(render, render);
