import { defineConfig } from '@playwright/test';
import { budget } from './support/budget';

/**
 * Browser tests against the built web app served by the real API server (started by global-setup.ts on a
 * free port with a temporary DATA_DIR). Chromium comes from the system (Debian's package), never a download.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // E2E_OUTPUT_DIR keeps concurrent runs' traces and failure screenshots apart.
  outputDir: process.env.E2E_OUTPUT_DIR || './artifacts/test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Guards against a hung test, scaled for slow machines (support/budget.ts); never performance checks.
  timeout: budget(30_000),
  expect: { timeout: budget(7_000) },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app registers a service worker (issue 17). Requests it handles would bypass page.route, so every
    // spec runs without it; tests/offline.spec.ts turns it back on for itself.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
});
