import type { Page } from '@playwright/test';
import path from 'node:path';
import { expect, expectNoA11yViolations, SCREENSHOT_DIR, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/** Page model of the Sensitivity page. */
function analysisPage(page: Page) {
  return {
    tornado: page.getByTestId('tornado'),
    tornadoBars: page.getByTestId('tornado').locator('.recharts-bar-rectangle'),
    tornadoTable: page.getByTestId('tornado-table'),
    draws: page.getByTestId('mc-draws').locator('input'),
    seed: page.getByTestId('mc-seed').locator('input'),
    run: page.getByTestId('mc-run'),
    cancel: page.getByTestId('mc-cancel'),
    progress: page.getByTestId('mc-progress'),
    mcTable: page.getByTestId('mc-table'),
    bands: page.getByTestId('mc-band'),
    pairwise: page.getByTestId('mc-pairwise'),
    calValue: page.getByTestId('cal-value').locator('input'),
    calSource: page.getByTestId('cal-source').locator('input'),
    calRun: page.getByTestId('cal-run'),
    calBefore: page.getByTestId('cal-before'),
    calAfter: page.getByTestId('cal-after'),
    calRecord: page.getByTestId('cal-record'),
    async set(input: ReturnType<Page['locator']>, value: string) {
      await input.fill(value);
      await input.press('Enter');
    },
  };
}

test('Sensitivity page: tornado, Monte Carlo with bands, calibration, no a11y violations', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Sensitivity');
  const ui = analysisPage(page);

  // Tornado: by default on the objective's metric (cost per unit of work, not raw TCO); bars
  // drawn, sorted table with every applicable input, axis with the unit.
  await expect(ui.tornado.locator('figcaption')).toContainText('Cost per million training tokens');
  await expect(ui.tornadoBars.first()).toBeVisible();
  expect(await ui.tornadoBars.count()).toBeGreaterThan(6);
  await expect(ui.tornado.locator('.recharts-legend-wrapper')).toContainText('low end');
  await expect(ui.tornado.locator('.recharts-label')).toContainText('USD');
  await expect(ui.tornadoTable.getByTestId('tornado-row-system_price')).toBeVisible();
  await expect(ui.tornadoTable.getByTestId('tornado-row-electricity_price')).toBeVisible();
  await screenshot(page, 'analysis-tornado');

  // The metric picker is a native select: another metric redraws the tornado for it.
  const metric = page.getByRole('combobox', { name: 'Metric' });
  await metric.selectOption({ label: 'Time to train' });
  await expect(ui.tornado.locator('figcaption')).toContainText('Time to train');
  await expect(ui.tornado.locator('.recharts-label')).toContainText('days');
  await metric.selectOption({ label: 'TCO' });
  await expect(ui.tornado.locator('figcaption')).toContainText('TCO');

  // A range of one's own: PUE up to 2.5; the table follows, and the ranges can be reset.
  await page.getByTestId('tornado-editor').locator('summary').click();
  await ui.set(page.getByTestId('tornado-high-pue').locator('input'), '2.5');
  await expect(ui.tornadoTable.getByTestId('tornado-row-pue')).toContainText('2.5');
  await expect(ui.tornadoTable.getByTestId('tornado-row-pue')).toContainText('given');
  await page.getByTestId('tornado-reset').click();
  await expect(ui.tornadoTable.getByTestId('tornado-row-pue')).not.toContainText('given');

  // Monte Carlo in the worker: progress, then P10/P50/P90 with bands and the pairwise statements.
  // Draw the utilisation too (not uncertain by default): the editor stores the user's range.
  await page.getByTestId('mc-editor').locator('summary').click();
  await page.getByRole('checkbox', { name: 'Draw Utilisation' }).check();
  await expect(page.getByRole('checkbox', { name: 'Draw Utilisation' })).toBeChecked();
  await ui.set(ui.draws, '200');
  await ui.set(ui.seed, '7');
  await ui.run.click();
  await expect(ui.mcTable).toBeVisible({ timeout: 45_000 });
  const tco = ui.mcTable.getByTestId('mc-row-tco_usd');
  await expect(tco).toBeVisible();
  const cells = await tco.locator('td').allInnerTexts();
  // Without uncertainty, P10, P50, P90: all money.
  for (const c of cells.slice(0, 4)) expect(c).toMatch(/\$/);
  expect(await ui.bands.count()).toBeGreaterThan(3);
  await expect(ui.bands.first()).toHaveAttribute('aria-label', /P10 .*P50 .*P90/);
  await expect(ui.pairwise).toContainText('% of draws');
  const inputs = page.getByTestId('mc-inputs');
  await page.getByText('Uncertain inputs of this scenario').click();
  await expect(inputs.getByRole('row', { name: /Utilisation/ })).toContainText('your range');
  await screenshot(page, 'analysis-montecarlo');
  await page
    .getByTestId('mc')
    .screenshot({ path: path.join(SCREENSHOT_DIR, 'analysis-montecarlo-section.png') });

  // The same run's bands on the Comparison and Charts screens.
  await openScreen(page, 'Comparison');
  await expect(page.getByTestId('cmp-mc')).toContainText('200 draws, seed 7');
  await expect(page.getByTestId('cmp-mc')).toContainText('% of draws');
  await expect(page.getByTestId('row-tco_usd').getByTestId('cmp-band').first()).toContainText(
    /P10–P90 \$[\d,.]+[KMB]? – \$[\d,.]+/,
  );
  await screenshot(page, 'compare-montecarlo-bands');
  await openScreen(page, 'Charts');
  const bandChart = page.getByTestId('chart-bands');
  await expect(bandChart.locator('svg.uncertainty-band').first()).toBeVisible();
  await bandChart.scrollIntoViewIfNeeded();
  await screenshot(page, 'charts-montecarlo-bands');
  await openScreen(page, 'Sensitivity');

  // A second run can be cancelled.
  await ui.set(ui.draws, '20000');
  await ui.run.click();
  await expect(ui.progress).toBeVisible();
  await ui.cancel.click();
  await expect(page.getByTestId('mc-cancelled')).toBeVisible();

  // Calibration: a measured step time gives before/after errors and a recorded source.
  await ui.set(ui.calValue, '9.5');
  await ui.calSource.fill('training job 4711 log');
  await ui.calRun.click();
  await expect(ui.calBefore).toContainText('%');
  await expect(ui.calAfter).toContainText('0 %');
  await expect(ui.calRecord).toContainText('training job 4711 log');
  await expect(page.getByTestId('an-calibrated')).toBeVisible();
  await screenshot(page, 'analysis-calibration');
  // Recorded in the scenario as an undoable edit: remove it, then undo the removal.
  await page.getByTestId('cal-remove').click();
  await expect(ui.calRecord).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(ui.calRecord).toContainText('training job 4711 log');
  await page
    .getByTestId('calibration')
    .screenshot({ path: path.join(SCREENSHOT_DIR, 'analysis-calibration-section.png') });

  await expectNoA11yViolations(page);
});

test('Sensitivity page in the dark theme has no a11y violations', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await openScreen(page, 'Sensitivity');
  await expect(analysisPage(page).tornadoBars.first()).toBeVisible();
  await screenshot(page, 'analysis-dark');
  await expectNoA11yViolations(page);
});
