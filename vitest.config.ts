// One vitest run for unit tests (next to the code) and the cross-package integration and hostile suites.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{proto,services,gateway,judge-runner,infra,web}/src/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/hostile/**/*.test.ts',
      'tests/realtime/**/*.test.ts',
      'tests/support/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // isolated-vm (JavaScript checkers) needs Node 20+ started without the startup snapshot.
    poolOptions: { forks: { execArgv: ['--no-node-snapshot'] } },
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ['default'],
  },
});
