// End-to-end tests in headless Chromium (Debian's, never a downloaded browser) against the whole judge started the
// way `pnpm start` starts it, on a fresh data dir and a port of its own.
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.OJ_E2E_PORT ?? 18080);
export const E2E_ADMIN_PASSWORD = 'e2e-root-pass';
/** Where remote-judge.spec.ts serves the recorded Codeforces (the stack's OJ_REMOTE_BASE_URLS names it). */
export const E2E_REMOTE_PORT = E2E_PORT + 51;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.OJ_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
    command: 'rm -rf .tmp/e2e-data && NODE_OPTIONS=--no-node-snapshot exec pnpm exec tsx infra/src/start.ts',
    cwd: '../..',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      OJ_DATA_DIR: '.tmp/e2e-data',
      OJ_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Several submissions follow each other quickly in these tests.
      OJ_SUBMIT_INTERVAL_S: '0',
      OJ_RUNNER_SLOTS: '2',
      // Every spec logs in from 127.0.0.1; the rate limits themselves are tested in the gateway's tests.
      OJ_RATE_LOGIN_IP_PER_MIN: '1000',
      OJ_RATE_LOGIN_USER_PER_MIN: '1000',
      OJ_RATE_CAPTCHA_IP_PER_MIN: '1000',
      OJ_RATE_LOOKUP_IP_PER_MIN: '1000',
      OJ_RATE_COMMENT_PER_MIN: '1000',
      OJ_RATE_DISCUSSION_PER_MIN: '1000',
      // New users comment and reply in message.spec.ts (the AC-count gate is tested in the gateway).
      OJ_COMMENT_MIN_AC: '0',
      // New teachers create groups in groups.spec.ts (the AC-count gate and the limits are tested in the services).
      OJ_GROUP_MIN_AC: '0',
      // remote-judge.spec.ts: Codeforces is its fixture server.
      OJ_REMOTE_BASE_URLS: `CF=http://127.0.0.1:${E2E_REMOTE_PORT}`,
    },
  },
});
