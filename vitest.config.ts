// One vitest run, three projects, all with the run's real PostgreSQL from the global setup:
// - `unit`: the rules, beside the code (`pnpm test:unit`): pure functions, or one cloned database per file;
// - `component`: a package through its real parts, beside the code: the gateway's routes and sockets over a whole
//   in-process stack, the runner compiling and running programs in the sandbox;
// - `integration`: across packages and processes, the hostile programs, the realtime suites.
import { defineConfig } from 'vitest/config';
import { PREACT_AS_REACT } from './web/preact-alias';

/** The web's dependencies that import `react` or `react-dom` themselves. */
const REACT_LIBRARIES = [/[\\/]node_modules[\\/](react-markdown|react-intl|@radix-ui[\\/][^\\/]+|react-router|react-router-dom|valtio|@visx[\\/][^\\/]+)[\\/]/];

const shared = {
  testTimeout: 60_000,
  hookTimeout: 180_000,
  globalSetup: ['tests/support/global-setup.ts'],
  pool: 'forks' as const,
  // isolated-vm (JavaScript checkers) needs Node 20+ started without the startup snapshot.
  poolOptions: { forks: { execArgv: ['--no-node-snapshot'] } },
};

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        // The web's code runs on Preact here as in the browser (web/preact-alias.ts); the libraries that import React
        // are transformed by vitest rather than loaded by Node, so the alias reaches their imports too.
        resolve: { alias: PREACT_AS_REACT },
        test: { ...shared, name: 'unit', include: ['{proto,services,infra,web}/src/**/*.test.ts'], server: { deps: { inline: REACT_LIBRARIES } } },
      },
      { extends: true, test: { ...shared, name: 'component', include: ['{gateway,judge-runner}/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          ...shared,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/hostile/**/*.test.ts', 'tests/realtime/**/*.test.ts', 'tests/support/**/*.test.ts', 'tests/chaos/**/*.test.ts'],
        },
      },
    ],
  },
});
