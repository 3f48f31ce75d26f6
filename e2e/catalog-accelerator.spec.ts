import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/**
 * Issue 22 point 7: an accelerator's own numbers (dense peaks, HBM, TDP, price ...) are user
 * entries like any other catalog kind, with labels in the form and the source and date shown;
 * an edited peak moves the training throughput, and a new accelerator with a system that holds
 * it evaluates end to end (power and TCO).
 */
function ui(page: Page) {
  const kpi = (id: string): Locator => page.getByTestId(`kpi-${id}`).locator('dd');
  return {
    kpi,
    async kpiValue(id: string): Promise<number> {
      const text = (await kpi(id).textContent()) ?? '';
      // "1,378,063 tokens/s", "$76,489,618": the number without separators and currency sign.
      return parseFloat(text.replace(/[,$]/g, ''));
    },
    search: page.getByTestId('catalog-search').locator('input'),
    table: page.getByTestId('catalog-table'),
    detail: page.getByTestId('catalog-detail'),
    form: page.getByTestId('user-entry-form'),
    number: (name: string): Locator => page.getByTestId(`entry-field-${name}`).locator('input'),
    text: (testId: string): Locator => page.getByTestId(testId).locator('input'),
    choice: (name: string): Locator => page.getByTestId(`entry-field-${name}`).locator('select'),
    save: page.getByRole('button', { name: 'Save entry' }),
  };
}

test('catalog: an accelerator’s peak edited as a user entry moves throughput; a new accelerator evaluates', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const u = ui(page);
  await expect(u.kpi('tokens_per_s')).toContainText('tokens/s');
  const before = await u.kpiValue('tokens_per_s');

  // Edit the H100's BF16 dense peak from its own catalog entry.
  await openScreen(page, 'Catalog');
  await u.search.fill('h100-sxm');
  await u.table
    .getByRole('row', { name: /NVIDIA H100 SXM5 80GB h100-sxm Accelerator \d/ })
    .getByRole('button')
    .click();
  await page.getByRole('button', { name: 'Edit its numbers…' }).click();
  await expect(u.form).toBeVisible();
  // Labels, not keys.
  await expect(u.form.getByRole('textbox', { name: /^Dense peak BF16/ })).toBeVisible();
  await expect(u.form.getByRole('textbox', { name: /^HBM bandwidth/ })).toBeVisible();
  await expect(u.form).not.toContainText(/denseTflops|hbmTBps|scaleUpGBps|idlePowerW/);
  await expect(
    u.choice('scaleUpFabric').locator('option', { hasText: 'NVLink / NVSwitch' }),
  ).toHaveCount(1);
  await u.number('denseTflops.bf16').fill('1979');
  await u.number('denseTflops.bf16').press('Tab');
  await u.text('entry-date').fill('2026-11-20');
  await u.text('entry-source').fill('Vendor datasheet rev B');
  await screenshot(page, 'catalog-accelerator-edit-form');
  await u.save.click();
  await expect(u.form).toHaveCount(0);
  const peak = u.detail.locator('tr', {
    has: page.getByRole('rowheader', { name: 'Dense peak BF16', exact: true }),
  });
  await expect(peak).toContainText('1,979');
  await expect(peak).toContainText('User entry');
  await expect(peak).toContainText('Vendor datasheet rev B');
  await expect(peak).toContainText('2026-11-20');
  await expect(u.detail).toContainText('user entry');
  await screenshot(page, 'catalog-accelerator-edited');
  await expectNoA11yViolations(page);

  // The edited peak reaches the training engine.
  await openScreen(page, 'Scenarios');
  await expect.poll(() => u.kpiValue('tokens_per_s')).toBeGreaterThan(before * 1.1);

  // A new accelerator, and the HGX H100 server made to hold it (a system override).
  await openScreen(page, 'Catalog');
  await page.getByRole('button', { name: 'Add an accelerator…' }).click();
  await expect(u.form).toBeVisible();
  await u.text('entry-id').fill('acme-x1');
  await u.text('entry-source').fill('Acme X1 datasheet');
  await u.text('entry-field-name').fill('Acme X1');
  await u.text('entry-field-vendor').fill('Acme');
  await u.choice('scaleUpFabric').selectOption('nvlink');
  for (const [name, value] of [
    ['denseTflops.bf16', '1500'],
    ['hbmGB', '144'],
    ['hbmTBps', '6'],
    ['tdpW', '900'],
    ['scaleUpGBpsBidirectional', '900'],
    ['scaleUpDomainGpus', '8'],
    ['priceUsd', '30000'],
  ] as const) {
    await u.number(name).fill(value);
    await u.number(name).press('Tab');
  }
  await u.save.click();
  await expect(u.form).toHaveCount(0);
  await expect(u.detail).toContainText('Acme X1');

  await u.search.fill('dgx-h100');
  await u.table
    .getByRole('row', { name: /dgx-h100 System/ })
    .getByRole('button')
    .click();
  await page.getByRole('button', { name: 'Override with a user entry…' }).click();
  // The new accelerator is offered by name.
  await u.choice('acceleratorId').selectOption({ label: 'Acme X1' });
  await u.text('entry-source').fill('Acme X1 server quote');
  await u.save.click();
  await expect(u.form).toHaveCount(0);
  await screenshot(page, 'catalog-accelerator-new');

  // The scenario picks it: throughput, power and TCO come from its numbers and its system.
  await openScreen(page, 'Scenarios');
  const select = page.getByTestId('field-cluster.compute.acceleratorId').locator('select').first();
  await select.selectOption({ label: 'Acme X1' });
  await expect(select).toHaveValue('acme-x1');
  await expect(u.kpi('tokens_per_s')).toContainText('tokens/s');
  for (const id of ['it_power_kw', 'facility_power_kw', 'capex_usd', 'tco_usd']) {
    await expect.poll(() => u.kpiValue(id), id).toBeGreaterThan(0);
  }
  await expect(page.locator('body')).not.toContainText('power and cost not evaluated');
  await screenshot(page, 'catalog-accelerator-new-evaluated');
});
