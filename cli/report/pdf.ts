/**
 * The report PDF from Node: headless Chromium (playwright-core) loads the built renderer's
 * print view from disk (`page.route` serves dist/renderer under http://app.local/, every other
 * host is aborted; no HTTP server), hands the scenarios to the print view through a global and
 * an event, waits for that request's "report ready" marker and prints with `page.pdf` (paper
 * size, running header, page numbers). One browser and one loaded page serve any number of PDFs.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/browser';
import {
  playwrightPdfOptions,
  REPORT_HANDOFF_EVENT,
  REPORT_HANDOFF_GLOBAL,
  reportPdfTitle,
  reportReadySelector,
  type Paper,
} from '../../model/report';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The built renderer: CLUSTERPLAN_RENDERER_DIR, else dist/renderer. */
export function defaultRendererDir(): string {
  const fromEnv = process.env['CLUSTERPLAN_RENDERER_DIR'];
  return fromEnv ? path.resolve(fromEnv) : path.resolve(HERE, '..', '..', 'dist', 'renderer');
}

const APP_HOST = 'app.local';
const APP_URL = `http://${APP_HOST}/index.html`;

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** What one PDF shows: scenario documents (as written), the date printed, the paper size. */
export type PdfRequest = {
  readonly scenarios: readonly { readonly id: string; readonly doc: unknown }[];
  readonly date: string;
  readonly paper: Paper;
  readonly baselineId?: string | null;
  /** The stated objective (a metric id), or null/absent: a neutral ranking. */
  readonly objective?: string | null;
};

export type PdfRenderer = {
  /** Render one report to PDF bytes. */
  render(request: PdfRequest): Promise<Uint8Array>;
  close(): Promise<void>;
};

/** The file under `root` for a request path, or null when it leaves the folder. */
function fileFor(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(path.resolve(root) + path.sep) ? resolved : null;
}

async function appContext(browser: Browser, root: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.host !== APP_HOST) return route.abort();
    const file = fileFor(root, url.pathname);
    if (file === null || !existsSync(file)) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({
      status: 200,
      contentType: MIME[path.extname(file)] ?? 'application/octet-stream',
      body: await readFile(file),
    });
  });
  return context;
}

/**
 * Launch Chromium for report PDFs.
 * @param options.rendererDir - the built renderer (default `defaultRendererDir()`)
 * @param options.executablePath - Chromium (default: CHROMIUM_PATH, /usr/bin/chromium, or
 *   Playwright's own)
 * @throws Error naming what is missing (renderer build, browser)
 */
export async function launchPdfRenderer(
  options: { readonly rendererDir?: string; readonly executablePath?: string } = {},
): Promise<PdfRenderer> {
  const root = options.rendererDir ?? defaultRendererDir();
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`renderer build not found at ${root} (run \`npm run build:renderer\` first)`);
  }
  const executablePath = options.executablePath ?? chromiumExecutable();
  let browser: Browser;
  try {
    browser = await chromium.launch({
      headless: true,
      args: CHROMIUM_ARGS,
      ...(executablePath ? { executablePath } : {}),
    });
  } catch (e) {
    throw new Error(
      `cannot start Chromium (${executablePath ?? 'Playwright default'}): set CHROMIUM_PATH or install chromium — ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
    );
  }
  const context = await appContext(browser, root);
  // One page, loaded once: later requests hand their scenarios to the loaded print view
  // (a global and an event) instead of reloading the app.
  let pagePromise: Promise<Page> | null = null;
  const errors: string[] = [];
  const loadPage = async (): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(APP_URL);
    return page;
  };
  let counter = 0;
  return {
    async render(request) {
      pagePromise ??= loadPage();
      const page = await pagePromise;
      errors.length = 0;
      const requestId = `r${++counter}`;
      const trace = (what: string, t0: number) => {
        if (process.env['CLUSTERPLAN_PDF_TRACE']) {
          process.stderr.write(`${requestId} ${what} ${Math.round(performance.now() - t0)} ms\n`);
        }
      };
      const t0 = performance.now();
      try {
        await page.evaluate(
          ([name, event, value]) => {
            (globalThis as Record<string, unknown>)[name] = value;
            window.dispatchEvent(new Event(event));
          },
          [REPORT_HANDOFF_GLOBAL, REPORT_HANDOFF_EVENT, { ...request, requestId }] as const,
        );
        const tab = page.getByRole('tab', { name: 'Report & export' });
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        const ready = page.locator(reportReadySelector(requestId));
        const failed = page.locator('.report-error, .report-empty');
        await Promise.race([
          ready.waitFor({ timeout: 60_000 }),
          failed
            .first()
            .waitFor({ timeout: 60_000 })
            .then(async () => {
              throw new Error((await failed.first().textContent()) ?? 'the report has no content');
            }),
        ]);
        trace('ready', t0);
        // The PDF's Title (its viewer's window title) is the page's: the report's, not the app's.
        const title = reportPdfTitle(request.date);
        await page.evaluate((t) => {
          document.title = t;
        }, title);
        const pdf = await page.pdf(playwrightPdfOptions(request.paper, title));
        trace('pdf', t0);
        return new Uint8Array(pdf);
      } catch (e) {
        const detail = errors.length ? ` (page errors: ${errors.join('; ')})` : '';
        throw new Error(`${e instanceof Error ? e.message : String(e)}${detail}`);
      }
    },
    async close() {
      await context.close();
      await browser.close();
    },
  };
}
