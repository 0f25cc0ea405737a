import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e-artifacts',
  fullyParallel: false,
  // One built server serves every spec; two workers keep both cores busy without starving the server.
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Room for a journey on a busy two-core machine (another build or suite beside it): tests wait for conditions,
  // so a fast machine still finishes each in a few seconds; these only bound how long a stuck one can hang.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node e2e/serve.ts',
    cwd: '..',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
