import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/** Page model of the Power screen: a view of the active scenario's evaluation. */
function powerPage(page: Page) {
  return {
    scenario: page.getByRole('combobox', { name: 'Scenario' }),
    kpi: (id: string) => page.getByTestId(`pw-kpi-${id}`),
    itRows: page.getByTestId('pw-it-table').locator('tbody tr'),
    itTotal: page.getByTestId('pw-it-total'),
    activityRows: page.getByTestId('pw-activity-table').locator('tbody tr'),
    gpuPower: page.getByTestId('pw-gpu-power'),
    nodeTotal: page.getByTestId('pw-node-total'),
    assumption: (key: string) => page.getByTestId(`pw-assumption-${key}`),
    chart: page.getByTestId('pw-it-chart').locator('.recharts-wrapper > svg.recharts-surface'),
  };
}

test('the Power screen shows the scenario’s power, energy and money with units and sources', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  // Read the electricity cost as the Comparison shows it (the one electricity formula).
  await openScreen(page, 'Comparison');
  const compareCost = (
    (await page
      .getByTestId('row-electricity_cost_usd_per_year')
      .locator('td')
      .nth(0)
      .locator('.cmp-value')
      .textContent()) ?? ''
  ).trim();
  expect(compareCost).toMatch(/^\$[\d,]+$/);

  await openScreen(page, 'Power');
  const ui = powerPage(page);
  await expect(page.getByRole('heading', { name: 'Power', exact: true })).toBeVisible();
  await expect(ui.scenario.locator('option:checked')).toHaveText(/InfiniBand/);
  await expect(page.getByText('· money in USD')).toBeVisible();

  // Figures with their units; money in the scenario currency.
  await expect(ui.kpi('it-running')).toHaveText(/^[\d,]+ kW$/);
  await expect(ui.kpi('it-average')).toHaveText(/^[\d,]+ kW$/);
  await expect(ui.kpi('facility')).toHaveText(/^[\d,]+ kW$/);
  await expect(ui.kpi('gpu')).toHaveText(/^[\d,]+ W$/);
  await expect(ui.kpi('energy')).toHaveText(/^[\d,]+ MWh\/yr$/);
  await expect(ui.kpi('price')).toHaveText(/^\$0\.\d+\/kWh$/);
  await expect(ui.kpi('electricity-cost')).toHaveText(`${compareCost}/yr`);
  await expect(ui.kpi('carbon')).toHaveText(/^[\d,]+ tCO2e\/yr$/);
  await expect(ui.kpi('water')).toHaveText(/^[\d,]+ m³\/yr$/);
  await expect(page.getByTestId('pw-fact-pue')).toHaveText(/^1\.\d+$/);

  // IT power: eleven lines and their total (= the headline while running); the stacked chart.
  await expect(ui.itRows).toHaveCount(11);
  await expect(ui.itTotal.locator('td').nth(0)).toHaveText(
    (await ui.kpi('it-running').textContent()) ?? '',
  );
  await expect(ui.chart).toBeVisible();
  // The GPUs' activity: eight shares of wall time, and the mean board power.
  await expect(ui.activityRows).toHaveCount(8);
  await expect(ui.activityRows.first()).toContainText('Matrix math');
  await expect(ui.activityRows.first().locator('td').first()).toHaveText(/^\d+(\.\d)?%$/);
  await expect(ui.gpuPower).toContainText(/[\d,]+ W/);
  await expect(ui.nodeTotal).toContainText(/[\d,]+ W/);

  // What the build is: a catalog value names its source (a title, not an id) and date.
  const tdp = ui.assumption('gpu.tdpW');
  await expect(tdp).toHaveAttribute('data-prov', 'catalog');
  await expect(tdp).toContainText('700 W');
  await expect(tdp).toContainText(/catalog acceleratorPower:h100-sxm \(tdpW\): \S+ \S+ .*\(20\d\d/);
  // The template sets its scale-out bandwidth: marked as set in the scenario.
  const gbps = ui.assumption('network.gbpsPerGpu');
  await expect(gbps).toHaveAttribute('data-prov', 'scenario');
  await expect(gbps).toContainText('400 Gb/s');
  await expect(gbps).toContainText('set in the scenario (cluster.network.scaleOut.gbpsPerGpu)');
  // It leaves the utilisation out: a documented default, with its source.
  const util = ui.assumption('finance.utilization');
  await expect(util).toHaveAttribute('data-prov', 'default');
  await expect(util).toContainText('default:');
  await expect(ui.assumption('nodes')).toContainText('rule:');
  await screenshot(page, 'power');
  await expectNoA11yViolations(page);

  // No inputs of its own: an edit in the editor shows here. Set the electricity price.
  await openScreen(page, 'Scenarios');
  await page.getByTestId('section-facility').locator('summary').click();
  const price = page.getByTestId('field-facility.priceUsdPerKwh').locator('input');
  await price.fill('0.2');
  await price.press('Enter');
  await openScreen(page, 'Power');
  await expect(ui.kpi('price')).toHaveText('$0.20/kWh');
  const priceRow = ui.assumption('facility.electricityPerKwh');
  await expect(priceRow).toHaveAttribute('data-prov', 'scenario');
  await expect(priceRow).toContainText('$0.20/kWh');
  await expect(priceRow).toContainText('set in the scenario (facility.priceUsdPerKwh)');
  await expect(ui.kpi('electricity-cost')).not.toHaveText(`${compareCost}/yr`);

  // Keyboard: the scenario picker is a native select; ↓ shows the other scenario.
  await ui.scenario.focus();
  await page.keyboard.press('ArrowDown');
  await expect(ui.scenario.locator('option:checked')).toHaveText(/RoCE/);
  await expect(ui.assumption('network.fabric')).toContainText('roce');

  // No horizontal scroll at 1280 × 800; the dark theme passes axe too.
  const width = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(width[0], 'no horizontal scroll at 1280×800').toBeLessThanOrEqual(width[1] ?? 0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoA11yViolations(page);
  await screenshot(page, 'power-dark');
});
