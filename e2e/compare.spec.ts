import type { Page } from '@playwright/test';
import { playwrightPdfOptions, REPORT_READY_SELECTOR } from '../model/report/pdfOptions';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';
import { inspectPdf } from './pdf';

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

test('800 Gb/s per GPU instead of 400 changes capex and switches, in the Comparison and the PDF', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  test.setTimeout(120_000);
  await page.goto('/');
  await openScreen(page, 'Comparison');
  const ui = comparison(page);
  const value = async (metric: string, i: number) =>
    ((await ui.row(metric).locator('td').nth(i).locator('.cmp-value').textContent()) ?? '').trim();
  const before = {
    capex: [await value('capex_usd', 0), await value('capex_usd', 1)],
    switches: [await value('switches', 0), await value('switches', 1)],
  };
  expect(before.capex[1]).toMatch(/^\$[\d,]+$/);
  expect(before.switches[1]).toMatch(/^[\d,]+$/);

  // The second build (RoCE): 400 → 800 Gb/s per GPU in the editor.
  await openScreen(page, 'Scenarios');
  await page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab').nth(1).click();
  const gbps = page.getByTestId('field-cluster.network.scaleOut.gbpsPerGpu').locator('input');
  await expect(gbps).toHaveValue('400');
  await gbps.fill('800');
  await gbps.press('Enter');
  await expect(gbps).toHaveValue('800');

  // Comparison: the RoCE build's capex and switch count change; the baseline's do not.
  await openScreen(page, 'Comparison');
  await expect(ui.row('capex_usd').locator('td').nth(1).locator('.cmp-value')).not.toHaveText(
    before.capex[1]!,
  );
  const after = {
    capex: [await value('capex_usd', 0), await value('capex_usd', 1)],
    switches: [await value('switches', 0), await value('switches', 1)],
  };
  expect(after.capex[0]).toBe(before.capex[0]);
  expect(after.switches[0]).toBe(before.switches[0]);
  expect(after.capex[1]).not.toBe(before.capex[1]);
  expect(after.switches[1]).not.toBe(before.switches[1]);
  // Faster NICs and optics cost more.
  const money = (t: string) => Number(t.replace(/[^\d.]/g, ''));
  expect(money(after.capex[1]!)).toBeGreaterThan(money(before.capex[1]!));
  // A cooling load in BTU/h is not money.
  await expect(ui.row('cooling_load_btu_h')).toContainText('(BTU/h)');
  await expect(ui.row('cooling_load_btu_h').locator('td').nth(0)).not.toContainText('$');
  await ui.row('switches').scrollIntoViewIfNeeded();
  await screenshot(page, 'compare-800g');

  // The report's PDF carries the changed figures.
  await openScreen(page, 'Report & export');
  await expect(page.locator(REPORT_READY_SELECTOR)).toBeVisible({ timeout: 30_000 });
  const pdf = await page.pdf(playwrightPdfOptions('a4'));
  const { text, pageTexts, pngs } = inspectPdf(pdf, 'compare-800g-pdf');
  expect(pngs.length).toBe(pageTexts.length);
  const line = (label: RegExp) => text.split('\n').find((l) => label.test(l) && /\d/.test(l)) ?? '';
  // The comparison table's rows: the label, the unit, the two builds' values.
  const capexLine = line(/^\s*Capex\s/);
  expect(capexLine).toContain(after.capex[0]);
  expect(capexLine).toContain(after.capex[1]);
  expect(capexLine).not.toContain(before.capex[1]);
  const switchesLine = line(/^\s*Switches\s/);
  expect(switchesLine).toMatch(
    new RegExp(`\\s${after.switches[0]}\\s.*\\s${after.switches[1]}(\\s|$)`),
  );
  // Which page holds the comparison rows (its PNG is the one to look at).
  const at = pageTexts.findIndex((t) => /^\s*Switches\s/m.test(t));
  test.info().annotations.push({ type: 'switches_page', description: pngs[at] ?? '' });
});
