import { existsSync, rmSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_BASE_URL, E2E_DATA_DIR, E2E_PASSKEY_URL, E2E_PORT, E2E_SIM_PORT } from './e2e/env';

// An external server (E2E_BASE_URL) is tested as is; otherwise each run starts Studio on a fresh data folder.
const ownServer = !process.env.E2E_BASE_URL;

// Workers load this file too; only the runner process may wipe the folder the server is using.
if (ownServer && process.env.TEST_WORKER_INDEX === undefined) {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}

/**
 * Debian's old headless shell (package chromium-headless-shell) when it is installed: the same engine
 * without the full browser's interface, so it spends far less CPU per page; else Debian's Chromium.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const headlessShell = chromiumPath.includes('headless-shell');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // CI shares two cores between two browsers, the server, its worker and the database: a long walk gets a minute.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // Browsers ask for English (Accept-Language) unless a test says otherwise; e2e/language.spec.ts covers Chinese.
    locale: 'en-US',
    // Pages honour "reduce motion" (globals.css): no pulsing placeholders or spinners repainting while a test waits.
    reducedMotion: 'reduce',
    // Recording a trace snapshots the page at every step: in CI only a retried test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        // The headless shell is headless by build; the full browser is asked to be.
        ...(headlessShell ? [] : ['--headless=new']),
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /accessibility\.spec\.ts/,
      grepInvert: /@sim-wide/,
    },
    // Tests that slow a simulated channel for everyone (SIM_WIDE in e2e/helpers.ts) run once all others are done.
    {
      name: 'sim-wide',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /accessibility\.spec\.ts/,
      grep: /@sim-wide/,
      dependencies: ['chromium'],
    },
    // Every page through axe in both languages: CI runs it apart, against a server on the embedded database.
    { name: 'accessibility', use: { ...devices['Desktop Chrome'] }, testMatch: /accessibility\.spec\.ts/ },
  ],
  webServer: ownServer
    ? {
        command: 'npx tsx scripts/start.ts',
        url: `http://127.0.0.1:${E2E_PORT}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(E2E_PORT),
          STUDIO_DATA_DIR: E2E_DATA_DIR,
          STUDIO_ADMIN_KEY: E2E_ADMIN_KEY,
          // Specs sign in with the key as well as with operator accounts made by the global setup.
          STUDIO_OPERATOR_KEY_SIGN_IN: 'on',
          STUDIO_DEMO: '0',
          PUBLIC_BASE_URL: `http://127.0.0.1:${E2E_PORT}`,
          // Passkeys need a host name (e2e/passkeys.spec.ts opens the console at localhost).
          STUDIO_PASSKEY_ORIGIN: E2E_PASSKEY_URL,
          LOG_LEVEL: 'warn',
          STUDIO_SIM_PORT: String(E2E_SIM_PORT),
          // Video tasks are checked upstream often, so their states show within a test's patience.
          STUDIO_VIDEO_POLL_FIRST_MS: '300',
          STUDIO_VIDEO_POLL_MAX_MS: '1000',
          // Callback receivers run inside the tests, on 127.0.0.1 (e2e/webhooks.spec.ts).
          STUDIO_ALLOW_PRIVATE_CALLBACKS: '1',
        },
      }
    : undefined,
});
