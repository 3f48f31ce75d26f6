import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/**
 * Issue 22 points 7 and 8: a new accelerator and a new system that holds it, both added in the
 * Catalog screen (labels, units, source and date; missing numbers named in words); the scenario
 * then evaluates power and TCO on it, and the Design search offers it by name and prices it.
 */
function ui(page: Page) {
  const kpi = (id: string): Locator => page.getByTestId(`kpi-${id}`).locator('dd');
  return {
    async kpiValue(id: string): Promise<number> {
      const text = (await kpi(id).textContent()) ?? '';
      return parseFloat(text.replace(/[,$]/g, ''));
    },
    detail: page.getByTestId('catalog-detail'),
    form: page.getByTestId('user-entry-form'),
    number: (name: string): Locator => page.getByTestId(`entry-field-${name}`).locator('input'),
    text: (testId: string): Locator => page.getByTestId(testId).locator('input'),
    choice: (name: string): Locator => page.getByTestId(`entry-field-${name}`).locator('select'),
    save: page.getByRole('button', { name: 'Save entry' }),
  };
}

async function fillNumbers(
  u: ReturnType<typeof ui>,
  values: readonly (readonly [string, string])[],
) {
  for (const [name, value] of values) {
    await u.number(name).fill(value);
    await u.number(name).press('Tab');
  }
}

test('catalog: add an accelerator and its system; the scenario evaluates it and the design search offers it', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  test.setTimeout(240_000);
  await page.goto('/');
  const u = ui(page);

  // A new accelerator.
  await openScreen(page, 'Catalog');
  await page.getByRole('button', { name: 'Add an accelerator…' }).click();
  await u.text('entry-id').fill('acme-x1');
  await u.text('entry-source').fill('Acme X1 datasheet');
  await u.text('entry-field-name').fill('Acme X1');
  await u.text('entry-field-vendor').fill('Acme');
  await u.choice('scaleUpFabric').selectOption('nvlink');
  await fillNumbers(u, [
    ['denseTflops.bf16', '1500'],
    ['hbmGB', '144'],
    ['hbmTBps', '6'],
    ['tdpW', '900'],
    ['scaleUpGBpsBidirectional', '900'],
    ['scaleUpDomainGpus', '8'],
    ['priceUsd', '30000'],
  ]);
  await u.save.click();
  await expect(u.form).toHaveCount(0);
  await expect(u.detail).toContainText('Acme X1');

  // No system holds it yet: "Add its system…" opens a system form for it.
  await u.detail.getByRole('button', { name: 'Add its system…' }).click();
  await expect(u.form).toBeVisible();
  await expect(u.form.getByRole('heading', { name: 'Add a system' })).toBeVisible();
  await expect(u.choice('acceleratorId')).toHaveValue('acme-x1');
  await expect(u.text('entry-field-name')).toHaveValue('Acme X1 server');
  await expect(u.form.getByRole('textbox', { name: /^Accelerators per node/ })).toBeVisible();
  await expect(u.form.getByRole('textbox', { name: /^Scale-out line rate/ })).toBeVisible();
  await expect(
    u.form.getByRole('combobox', { name: /^CPUs, NICs, optics and drives as in/ }),
  ).toBeVisible();
  await expect(u.form).not.toContainText(
    /gpusPerNode|ratedPowerW|scaleOutGbps|partsFrom|psuEfficiency/,
  );
  // Saved without its numbers: each missing one is named by its label.
  await u.save.click();
  const summary = page.getByTestId('entry-error-summary');
  await expect(summary).toContainText('Accelerators per node required for a new entry');
  await expect(summary).toContainText('Rated power required for a new entry');
  await expect(summary).toContainText(
    'CPUs, NICs, optics and drives as in required for a new system',
  );
  await screenshot(page, 'catalog-system-missing');
  // A count out of range is said in the user's words.
  await fillNumbers(u, [['gpusPerNode', '2000']]);
  await u.save.click();
  await expect(summary).toContainText('Accelerators per node must be an integer from 1 to 1024');

  await fillNumbers(u, [
    ['gpusPerNode', '8'],
    ['heightU', '6'],
    ['ratedPowerW', '11000'],
    ['dimmMemoryGb', '2048'],
    ['platformW', '600'],
    ['psuEfficiency', '0.95'],
    ['scaleOutPorts', '8'],
    ['scaleOutGbps', '400'],
    ['storagePorts', '2'],
    ['priceUsd', '310000'],
  ]);
  await u.choice('partsFrom').selectOption('hgx-h100-oem');
  await u.text('entry-date').fill('2026-11-20');
  await u.text('entry-source').fill('Acme server quote Q-17');
  await screenshot(page, 'catalog-system-form');
  await u.save.click();
  await expect(u.form).toHaveCount(0);
  await expect(u.detail).toContainText('Acme X1 server');
  const facts = page.getByTestId('catalog-facts');
  await expect(facts).toContainText('Accelerator');
  await expect(facts).toContainText('Acme X1');
  await expect(facts).toContainText('Accelerators per node8');
  await expect(facts).toContainText(/CPUs2 × Intel Xeon/);
  const price = u.detail.locator('tr', {
    has: page.getByRole('rowheader', { name: 'Price', exact: true }),
  });
  await expect(price).toContainText('310,000');
  await expect(price).toContainText('Acme server quote Q-17');
  await expect(price).toContainText('2026-11-20');
  await screenshot(page, 'catalog-system-saved');
  await expectNoA11yViolations(page);

  // The scenario on the new accelerator buys the new system: power, capex and TCO evaluate.
  await openScreen(page, 'Scenarios');
  const select = page.getByTestId('field-cluster.compute.acceleratorId').locator('select').first();
  await select.selectOption({ label: 'Acme X1' });
  await expect(select).toHaveValue('acme-x1');
  for (const id of ['it_power_kw', 'facility_power_kw', 'capex_usd', 'tco_usd']) {
    await expect.poll(() => u.kpiValue(id), id).toBeGreaterThan(0);
  }
  await expect(page.locator('body')).not.toContainText('power and cost not evaluated');

  // The design search offers it by name on its system, and prices it.
  await openScreen(page, 'Design search');
  const accelerators = page.getByTestId('search-accelerators');
  await expect(accelerators).toContainText('Acme X1 (your entry)');
  await expect(accelerators).toContainText('Acme X1 server');
  const checked = accelerators.getByRole('checkbox', { checked: true });
  while ((await checked.count()) > 0) await checked.first().uncheck();
  await accelerators.getByRole('checkbox', { name: /Acme X1/ }).check();
  await accelerators.getByRole('checkbox', { name: /H100 SXM5/ }).check();
  await page.getByTestId('search-gpus').locator('input').fill('512');
  await page.getByTestId('search-gbps').locator('input').fill('400');
  await page.getByTestId('search-fabrics').getByRole('checkbox', { name: 'RoCE' }).uncheck();
  await screenshot(page, 'search-user-accelerator-form');
  await page.getByTestId('search-run').click();
  await expect(page.getByTestId('search-results')).toBeVisible({ timeout: 120_000 });
  const names = [
    ...(await page.getByTestId('search-best').locator('tbody tr th').allInnerTexts()),
    ...(await page.getByTestId('search-results').locator('tbody tr th').allInnerTexts()),
  ];
  expect(names.some((n) => /^64 × Acme X1 server, 512 GPUs$/.test(n))).toBe(true);
  for (const n of names) expect(n).not.toMatch(/acme-x1 ×/);
  await page.getByTestId('search-results').scrollIntoViewIfNeeded();
  await screenshot(page, 'search-user-accelerator-results');
});
