import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: two suites at a time, each on its own database.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'] } },
      // The web app's texts: both languages complete, no literal user-facing strings (issue 17).
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
      // The browser suite's launcher (not the browser suite itself, which Playwright runs) and the
      // repository's own checks (scripts/).
      { test: { name: 'scripts', include: ['e2e/scripts/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      // The benches' own parts that a run depends on (the chat bench's client host).
      { test: { name: 'bench', include: ['bench/test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
