// The scoreboard engine (issue 5): pure, browser-safe, shared by the services' projection and the web.
export * from './types';
