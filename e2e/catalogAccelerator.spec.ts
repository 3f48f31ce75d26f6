import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/**
 * Issue 22 point 7: an accelerator's catalog entries (power, platform, cloud price) edited from
 * its own page with the same provenance as any user entry; labels, not keys, in the form; the
 * note points to this screen.
 */
test('catalog: an accelerator’s power, platform and cloud price are user entries; forms show labels', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Catalog');
  await page.getByTestId('catalog-search').locator('input').fill('gb200');
  const table = page.getByTestId('catalog-table');
  // The accelerator itself (its power entry has the same name, kind "Accelerator power").
  await table
    .getByRole('row', { name: /gb200 Accelerator \d/ })
    .getByRole('button')
    .click();
  const detail = page.getByTestId('catalog-detail');
  const parts = detail.getByTestId('accelerator-parts');
  await expect(parts).toContainText('edit them here as user entries');
  await expect(detail).not.toContainText('accelerator catalog');
  // Labels, not keys, in the numbers table.
  await expect(detail.getByRole('rowheader', { name: 'Dense peak BF16' })).toBeVisible();
  await expect(detail.getByRole('rowheader', { name: 'HBM capacity' })).toBeVisible();
  for (const text of await detail.getByRole('rowheader').allInnerTexts())
    expect(text).not.toMatch(/[a-z][A-Z]|\./);
  await expect(parts.getByRole('button', { name: 'Edit its power…' })).toBeVisible();
  await expect(
    parts.getByRole('button', { name: 'Edit its platform (NVIDIA GB200 NVL72 rack (DGX GB200))…' }),
  ).toBeVisible();
  await screenshot(page, 'catalog-accelerator-parts');

  // Its cloud price: the form has labels (Cloud price, Accelerator), never the keys.
  await parts.getByRole('button', { name: /cloud price…$/ }).click();
  const form = page.getByTestId('user-entry-form');
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^Cloud price/ })).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Accelerator', exact: true })).toBeVisible();
  await expect(form).not.toContainText('usdPerGpuHour');
  await expect(form).not.toContainText('acceleratorId');
  const accelerator = page.getByTestId('entry-field-acceleratorId').locator('select');
  // Accelerators are offered by name; empty keeps the catalogued one (an override).
  await expect(accelerator.locator('option', { hasText: 'NVIDIA GB200 (per' })).toHaveCount(1);
  await expect(accelerator.locator('option:checked')).toHaveText('(not set)');
  // A bad value is named by its label.
  const price = page.getByTestId('entry-field-usdPerGpuHour').locator('input');
  await price.fill('5000');
  await price.press('Tab');
  await page.getByTestId('entry-source').locator('input').fill('Quote C-1');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByTestId('entry-error-summary')).toContainText('Cloud price');
  await expect(page.getByTestId('entry-error-summary')).not.toContainText(
    /usdPerGpuHour|cloudPrice/,
  );
  await screenshot(page, 'catalog-accelerator-cloud-form');
  await expectNoA11yViolations(page);

  // A sensible price saves as a user entry, with its source, like every other user entry.
  await price.fill('9.5');
  await price.press('Tab');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('user-entries')).not.toContainText('None yet.');
  await expect(detail).toContainText('user entry');
  const row = detail.locator('tr', {
    has: page.getByRole('rowheader', { name: 'Cloud price', exact: true }),
  });
  await expect(row).toContainText('9.5');
  await expect(row).toContainText('User entry');
  await screenshot(page, 'catalog-accelerator-cloud-saved');
});
