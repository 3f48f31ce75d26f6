import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
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
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
