import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/** The chart containers of the charts page, by test id. */
const CHARTS = [
  'chart-capex',
  'chart-opex',
  'chart-power',
  'chart-step',
  'chart-ttt',
  'chart-throughput',
  'chart-efficiency',
  'chart-horizon',
] as const;

/** Page model of the charts page. */
export function chartsPage(page: Page) {
  const chart = (id: string) => page.getByTestId(id);
  return {
    chart,
    surface: (id: string) => chart(id).locator('.recharts-wrapper svg.recharts-surface').first(),
    /** Open a chart's data table and read one cell (row by its header text, column index). */
    async tableCell(id: string, rowHeader: string, column: number): Promise<string> {
      const details = chart(id).locator('details.chart-table');
      if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
        await details.locator('summary').click();
      }
      const row = details
        .locator('tbody tr')
        .filter({ has: page.getByRole('rowheader', { name: rowHeader, exact: true }) });
      return (await row.locator('th, td').nth(column).innerText()).trim();
    },
  };
}

test('charts render for the open scenarios, with titles, tables and no a11y violations', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Charts');
  const ui = chartsPage(page);
  for (const id of CHARTS) {
    await expect(ui.surface(id), id).toBeVisible();
    await expect(ui.chart(id).locator('figcaption')).not.toBeEmpty();
    await expect(ui.chart(id).locator('.recharts-legend-wrapper')).toBeVisible();
  }
  // Both default scenarios (Llama 3 70B on 1,024 H100) are in the capex chart: two bars' stacks.
  await expect(ui.chart('chart-capex').locator('tbody tr')).toHaveCount(2);
  // The break-even dot is drawn (both defaults break even inside their horizon).
  await expect(ui.chart('chart-horizon').locator('.recharts-reference-dot')).toHaveCount(2);
  // The accessible name of each chart is its title.
  await expect(page.getByRole('figure', { name: 'Capital cost by line (USD)' })).toBeVisible();
  await screenshot(page, 'charts');
  await expectNoA11yViolations(page);
});

test('charts in the dark theme; a data table opens from the keyboard', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await openScreen(page, 'Charts');
  const ui = chartsPage(page);
  await expect(ui.surface('chart-horizon')).toBeVisible();
  const summary = ui.chart('chart-step').locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(
    ui.chart('chart-step').getByRole('columnheader', { name: /Forward compute/ }),
  ).toBeVisible();
  // Figures read as figures: right-aligned, each on one line (the unit stays beside its number).
  const cell = ui.chart('chart-step').locator('details.chart-table tbody td').first();
  const look = await cell.evaluate((td) => {
    const style = getComputedStyle(td);
    const range = document.createRange();
    range.selectNodeContents(td);
    return { align: style.textAlign, lines: range.getClientRects().length };
  });
  expect(look).toEqual({ align: 'right', lines: 1 });
  await screenshot(page, 'charts-dark');
  await expectNoA11yViolations(page);
});

test('charts follow edits in the scenario editor, and say why an invalid scenario is missing', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = chartsPage(page);
  const name = 'Llama 3 70B pre-train, 1,024x H100, InfiniBand NDR';
  await openScreen(page, 'Charts');
  // Column 1 of the capex table: the systems line.
  const before = await ui.tableCell('chart-capex', name, 1);
  const field = (path: string) => page.getByTestId(`field-${path}`).locator('input').first();
  async function set(path: string, value: string) {
    await openScreen(page, 'Scenarios');
    await field(path).fill(value);
    await field(path).press('Enter');
    await openScreen(page, 'Charts');
  }

  // An invalid scenario (1e30 layers): every chart keeps the other scenario and says why this
  // one is missing, naming the field in words.
  await set('workload.model.layers', '1e30');
  for (const id of CHARTS) {
    await expect(ui.chart(id).getByTestId(`${id}-excluded`)).toContainText('Layers');
    await expect(ui.surface(id)).toBeVisible();
  }
  await screenshot(page, 'charts-invalid-scenario');
  await set('workload.model.layers', '80');
  await expect(ui.chart('chart-capex').getByTestId('chart-capex-excluded')).toHaveCount(0);

  // Twice the GPUs (the stated layout's DP follows, issue 22): systems capex doubles with the
  // nodes (128 → 256 DGX H100 at the same price).
  await set('cluster.compute.gpus', '2048');
  await expect(ui.chart('chart-capex').getByTestId('chart-capex-excluded')).toHaveCount(0);
  const after = await ui.tableCell('chart-capex', name, 1);
  const usd = (t: string) => Number(t.replace(/[^0-9.]/g, ''));
  expect(usd(after)).toBeCloseTo(2 * usd(before), 0);
});
