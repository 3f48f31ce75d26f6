import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/** Page model of the comparison. */
function comparison(page: Page) {
  return {
    table: page.getByTestId('compare-table'),
    row: (metricId: string) => page.getByTestId(`row-${metricId}`),
    rowHeads: page.getByTestId('compare-table').locator('tbody tr[data-testid] th[scope=row]'),
    difference: page.getByTestId('difference'),
  };
}

test('the comparison shows deltas against the baseline and updates after an edit', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  // Halve the scale-out bandwidth of the second build (RoCE): its step gets slower.
  const gbps = page.getByTestId('field-cluster.network.scaleOut.gbpsPerGpu').locator('input');
  await page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab').nth(1).click();
  await gbps.fill('100');
  await gbps.press('Enter');
  await openScreen(page, 'Comparison');
  const ui = comparison(page);
  await expect(ui.table.locator('thead th')).toHaveCount(3);
  // Step time is lower-is-better: a longer step is worse (red, ▲, "+").
  const stepCell = ui.row('step_time_s').locator('td').nth(1);
  await expect(stepCell.locator('.cmp-delta')).toHaveClass(/cmp-worse/);
  await expect(stepCell).toContainText('▲');
  await expect(stepCell).toContainText('+');
  // Throughput is higher-is-better: lower is worse (▼, "−").
  const tputCell = ui.row('tokens_per_s').locator('td').nth(1);
  await expect(tputCell.locator('.cmp-delta')).toHaveClass(/cmp-worse/);
  await expect(tputCell).toContainText('▼');
  // The bottleneck of each build in words.
  await expect(ui.table.locator('.cmp-bottleneck-row td').first()).toContainText('bound');
  // The difference explained: step-time parts, largest gap first.
  await expect(ui.difference).toContainText('Step-time parts');
  await expect(ui.difference).toContainText('Capex lines');
  await screenshot(page, 'compare');
  await expectNoA11yViolations(page);

  // Undo (global shortcut) restores the bandwidth: the step time comes back to within 1 % of
  // the baseline's (the RoCE build differs from the InfiniBand one only by NCCL latency).
  const baseStep = ui.row('step_time_s').locator('td').nth(0).locator('.cmp-value');
  const value = stepCell.locator('.cmp-value');
  const edited = (await value.textContent()) ?? '';
  const base = Number.parseFloat((await baseStep.textContent()) ?? '');
  expect(Number.parseFloat(edited)).toBeGreaterThan(1.01 * base);
  await page.keyboard.press('Control+z');
  await expect(value).not.toHaveText(edited);
  const restored = Number.parseFloat((await value.textContent()) ?? '');
  expect(Math.abs(restored - base) / base).toBeLessThan(0.01);

  // Switching the baseline moves the deltas to the other column.
  await page.getByRole('button', { name: /^Make .* the baseline$/ }).click();
  await expect(ui.row('step_time_s').locator('td').nth(0).locator('.cmp-delta')).toHaveCount(1);
  await expect(ui.row('step_time_s').locator('td').nth(1).locator('.cmp-delta')).toHaveCount(0);
});

test('rows can be hidden and reordered with the keyboard', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Comparison');
  const ui = comparison(page);
  const customise = page.getByRole('button', { name: 'Customise rows' });
  await customise.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Done customising rows' })).toBeVisible();
  const first = await ui.rowHeads.first().locator('span').first().textContent();
  const second = await ui.rowHeads.nth(1).locator('span').first().textContent();
  // Move the second row up, by keyboard.
  await page.getByRole('button', { name: `Move ${second} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(ui.rowHeads.first().locator('span').first()).toHaveText(second ?? '');
  await expect(ui.rowHeads.nth(1).locator('span').first()).toHaveText(first ?? '');
  // Hide a row by keyboard; it is listed as hidden and can be shown again.
  await page.getByRole('button', { name: 'Hide Throughput', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(ui.row('tokens_per_s')).toHaveCount(0);
  const show = page.getByRole('button', { name: 'Show row Throughput' });
  await expect(show).toBeVisible();
  await screenshot(page, 'compare-customise');
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(ui.row('tokens_per_s')).toHaveCount(1);
  // The view survives switching screens (view state, not saved, not undoable).
  await openScreen(page, 'Scenarios');
  await openScreen(page, 'Comparison');
  await expect(ui.rowHeads.first().locator('span').first()).toHaveText(second ?? '');
});
