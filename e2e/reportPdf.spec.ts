import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  playwrightPdfOptions,
  REPORT_HANDOFF_EVENT,
  REPORT_HANDOFF_GLOBAL,
  reportReadySelector,
  type Paper,
} from '../model/report/pdfOptions';
import { expect, test } from './fixtures';
import { inspectPdf, PDF_DIR } from './pdf';

/**
 * The PDF as a decision document, for 2 and 6 builds on A4 and Letter: its first page (question,
 * recommendation or ranking, deciding figures, risks), contents, charts, inputs in words, and the
 * print faults a reader notices: words broken inside, field paths, undated or internal sources, a
 * heading left alone at a page foot. Also: Export PDF in a browser writes the file.
 */

function example(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.resolve('examples', file), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** The scenarios of a multi-scenario example file. */
function examples(file: string): Record<string, unknown>[] {
  const doc = example(file) as { scenarios?: Record<string, unknown>[] };
  return doc.scenarios ?? [doc];
}

const TWO = [
  example('pretrain-llama3-70b-1024xh100-ib.json'),
  example('pretrain-llama3-70b-1024xh100-roce.json'),
];
const SIX = [
  ...TWO,
  example('finetune-llama3-8b-8xh100-lora.json'),
  example('serving-llama3-70b-8xh100-fp8.json'),
  ...examples('compare-serving-llama3-70b-h200-b200-mi300x.json').slice(1, 3),
];

/** Hand the scenarios to the print view (as the CLI does) and wait for this request's marker. */
async function handOff(
  page: Page,
  docs: readonly Record<string, unknown>[],
  paper: Paper,
  objective: string | null,
  requestId: string,
): Promise<void> {
  await page.evaluate(
    ([name, event, value]) => {
      (globalThis as Record<string, unknown>)[name] = value;
      window.dispatchEvent(new Event(event));
    },
    [
      REPORT_HANDOFF_GLOBAL,
      REPORT_HANDOFF_EVENT,
      {
        scenarios: docs.map((doc, i) => ({ id: `s${i + 1}`, doc })),
        date: '2026-11-26',
        paper,
        baselineId: 's1',
        objective,
        requestId,
      },
    ] as const,
  );
  const tab = page.getByRole('tab', { name: 'Report & export' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(page.locator(reportReadySelector(requestId))).toBeAttached({ timeout: 240_000 });
}

/** Every word of 5+ letters of the document as the page shows it (the DOM's text). */
async function documentWords(page: Page): Promise<{ words: string[]; text: string }> {
  const text = await page.getByTestId('report-doc').evaluate((el) => (el as HTMLElement).innerText);
  // Words as written (an initial capital at most: not acronyms, whose letter-spaced capitals
  // pdftotext may space out), outside URLs (source lists may break a URL anywhere).
  const prose = text.replace(/https?:\/\/\S+/g, ' ');
  const words = [...new Set(prose.match(/(?<!\p{L})\p{Lu}?\p{Ll}{4,}(?!\p{L})/gu) ?? [])];
  return { words, text: text.replace(/\s+/g, ' ') };
}

/**
 * Words the PDF shows broken inside ("Llam a 3"): a word of the document split by a line break
 * or space, where the document itself never has that split.
 */
function brokenWords(pdfText: string, words: readonly string[], domText: string): string[] {
  // URLs may break anywhere (source lists); their first line is left out.
  const flat = pdfText.replace(/https?:\/\/\S+/g, ' ').replace(/\s+/g, ' ');
  const found: string[] = [];
  for (const w of words) {
    for (let k = 2; k <= w.length - 2; k++) {
      const split = `${w.slice(0, k)} ${w.slice(k)}`;
      const re = new RegExp(`(?<!\\p{L})${split}(?!\\p{L})`, 'u');
      if (re.test(flat) && !re.test(domText)) found.push(split);
    }
  }
  return found;
}

/** Headings (h2, h3, table captions) that end a page: the last line before the page number. */
async function orphanHeadings(page: Page, pageTexts: readonly string[]): Promise<string[]> {
  const headings = await page
    .getByTestId('report-doc')
    .locator('h2, h3, caption')
    .evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
  const set = new Set(headings.filter((h) => h.length > 0));
  const orphans: string[] = [];
  for (const [i, t] of pageTexts.entries()) {
    const lines = t
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => l !== '' && !/^Page \d+ of \d+$/.test(l));
    const last = lines[lines.length - 1] ?? '';
    if (set.has(last)) orphans.push(`page ${i + 1}: ${last}`);
  }
  return orphans;
}

/** A field path of the scenario document (`workload.model.ffnHiddenSize`). */
const FIELD_PATH =
  /\b(?:workload|cluster|facility|finance|reliability|storage|calibration)\.[a-z][A-Za-z0-9.]*/;
const INTERNAL_FILE = /(?:research\/tco-tools\.md|model\/[a-z]+\/[A-Za-z]+\.ts)/;

for (const set of [
  { name: 'two', docs: TWO, objective: 'cost_per_training_run_usd' },
  { name: 'six', docs: SIX, objective: null },
] as const) {
  test(`the PDF of ${set.docs.length} builds on A4 and Letter is a decision document with no broken words or field paths`, async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    test.setTimeout(600_000);
    await page.goto('/');
    await expect(page.getByTestId('summary-kpis')).toBeVisible();
    for (const paper of ['a4', 'letter'] as const) {
      await handOff(page, set.docs, paper, set.objective, `${set.name}-${paper}`);
      const { words, text: domText } = await documentWords(page);
      const pdf = await page.pdf(playwrightPdfOptions(paper));
      const name = `report-${set.name}-${paper}`;
      const { text, pageTexts, pages, pngs } = inspectPdf(pdf, name);
      expect(pngs.length).toBe(pages);
      const info = execFileSync('pdfinfo', [path.join(PDF_DIR, `${name}.pdf`)], {
        encoding: 'utf8',
      });
      expect(info).toMatch(
        paper === 'a4' ? /Page size:\s+595\.\d+ x 84[12]/ : /Page size:\s+612 x 792/,
      );

      // Page 1: the question, the recommendation (objective) or ranking (none), the deciding
      // figures and the risks; page 2: the contents.
      const first = pageTexts[0] ?? '';
      for (const h of ['The question', 'The figures that decide it', 'Main risks']) {
        expect(first, h).toContain(h);
      }
      if (set.objective) {
        expect(first).toMatch(/Recommended: Llama 3 70B pre-train, 1,024x H100, (RoCE|InfiniBand)/);
        expect(first).toContain('lowest cost per training run');
      } else {
        expect(first).toContain('No objective was stated');
      }
      expect(pageTexts[1]).toContain('Contents');
      for (const [i] of set.docs.entries()) {
        expect(text).toContain(`Appendix ${String.fromCharCode(65 + i)}:`);
      }
      // The analysis charts.
      for (const chart of [
        'Scaling curve',
        'Tornado, A',
        'P10–P90 bands of the deciding figures',
        'Own vs cloud',
        'Cash flow by year',
      ]) {
        expect(text, chart).toContain(chart);
      }
      // Inputs in words, dated public sources.
      expect(text).toContain('Model › FFN hidden size');
      expect(text).toContain('References');
      expect(text.match(FIELD_PATH)?.[0] ?? null, 'field path in the PDF').toBeNull();
      expect(text).not.toContain('v0.1.0');
      expect(text.match(INTERNAL_FILE)?.[0] ?? null, 'internal file cited').toBeNull();
      // No word broken inside, no heading alone at a page foot.
      expect(brokenWords(text, words, domText)).toEqual([]);
      expect(await orphanHeadings(page, pageTexts)).toEqual([]);
      test.info().annotations.push({ type: `${name}_pages`, description: String(pages) });
    }
  });
}

test('Export PDF in a browser writes the PDF file (the same document as the CLI)', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  test.setTimeout(400_000);
  await page.addInitScript(() => {
    window.print = () => {
      throw new Error('the print dialog was opened instead of writing the file');
    };
  });
  await page.goto('/');
  await page.getByRole('tab', { name: 'Report & export' }).click();
  await page.getByLabel('Objective').selectOption('tco_usd');
  await expect(page.locator('[data-report-ready="true"]')).toBeAttached({ timeout: 240_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 300_000 }),
    page.getByRole('button', { name: 'Export PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^clusterplan-report-.*\.pdf$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text, pageTexts } = inspectPdf(bytes, 'report-browser-export');
  const first = (pageTexts[0] ?? '').replace(/\s+/g, ' ');
  expect(first).toContain('The question');
  expect(first).toContain('gives the lowest TCO?');
  expect(first).toMatch(/Recommended: /);
  expect(text).toContain('Appendix B:');
  await expect(page.getByText(/^Saved clusterplan-report-.*\.pdf\.$/)).toBeVisible();
});
