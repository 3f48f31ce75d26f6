import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/browser';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const executablePath = chromiumExecutable();

export default defineConfig({
  testDir: 'e2e',
  // Playwright wipes outputDir at start; screenshots we keep go to reports/screenshots.
  outputDir: 'test-results',
  timeout: 60_000,
  fullyParallel: false,
  // Spec files run side by side (each test has its own browser context; exported files and
  // screenshots have distinct names): two workers on CI's 2 cores take the run from about
  // 500 s to 360 s. Tests within one file still run in order.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // Assertions wait up to 10 s (Playwright's default is 5 s): two browsers share the cores.
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node cli/npm/serve.mjs --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
  },
});
