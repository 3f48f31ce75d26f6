import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/** Page model of the catalog page. */
function catalogPage(page: Page) {
  return {
    search: page.getByTestId('catalog-search').locator('input'),
    count: page.getByTestId('catalog-count'),
    table: page.getByTestId('catalog-table'),
    detail: page.getByTestId('catalog-detail'),
    form: page.getByTestId('user-entry-form'),
    entries: page.getByTestId('user-entries'),
    field: (name: string) => page.getByTestId(`entry-field-${name}`).locator('input'),
    text: (testId: string) => page.getByTestId(testId).locator('input'),
  };
}

/** Read the total capex of a scenario row in the charts page's capex table. */
async function capexTotal(page: Page, scenario: string): Promise<string> {
  const chart = page.getByTestId('chart-capex');
  const details = chart.locator('details.chart-table');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await details.locator('summary').click();
  }
  const row = chart.locator('tbody tr').filter({ hasText: scenario }).first();
  return (await row.locator('td').last().innerText()).trim();
}

test('search the catalog, see sources, add valid and invalid user entries', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  // The capex of the first default scenario before any user entry.
  await openScreen(page, 'Charts');
  const name = 'Llama 3 70B pre-train, 1,024x H100, InfiniBand NDR';
  const before = await capexTotal(page, name);

  await openScreen(page, 'Catalog');
  const ui = catalogPage(page);
  await expect(ui.count).toContainText('entries');
  // Search narrows the list: the DGX H100 system.
  await ui.search.fill('dgx h100');
  await expect(ui.table.getByRole('row', { name: /DGX H100/ }).first()).toBeVisible();
  const narrowed = await ui.count.innerText();
  expect(narrowed).not.toContain('of 0');
  await ui.table
    .getByRole('row', { name: /DGX H100/ })
    .first()
    .click();
  await expect(ui.detail.getByRole('rowheader', { name: 'Price', exact: true })).toBeVisible();
  // Each number has a source, a date and a basis with its soft/firm flag.
  await expect(ui.detail.locator('tbody tr').first().locator('td').nth(2)).toHaveText(/^\d{4}/);
  await expect(ui.detail.locator('.badge-soft, .badge-firm').first()).toBeVisible();
  await screenshot(page, 'catalog');
  // A source link opens through the DesktopApi (browser mode: a new tab), allow-listed https.
  const link = ui.detail.locator('.link-button').first();
  const title = await link.innerText();
  // The machine is offline: answer https requests locally so the new tab keeps its address.
  await page.context().route(/^https:\/\//, (r) => r.fulfill({ body: 'source page' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/^https:\/\/(docs\.nvidia\.com|github\.com|www\.nvidia\.com)\//);
  expect(title.length).toBeGreaterThan(0);
  await popup.close();

  // An invalid entry: a bad date and a negative... the form names the field.
  await page.getByRole('button', { name: 'Override with a user entry…' }).click();
  await expect(ui.form).toBeVisible();
  await ui.text('entry-date').fill('last week');
  await ui.field('priceUsd').fill('300000');
  await ui.field('priceUsd').press('Tab');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(ui.form.getByText('must be YYYY, YYYY-MM or YYYY-MM-DD').first()).toBeVisible();
  await screenshot(page, 'catalog-invalid-entry');

  // A new id must give every required field: saving without them names them.
  await ui.text('entry-date').fill('2026-11-01');
  await ui.text('entry-id').fill('my-new-system');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(ui.form.getByText('required for a new entry').first()).toBeVisible();

  // A valid override of the DGX H100 price: saved with the scenario, shown as user-sourced.
  await ui.text('entry-id').fill('dgx-h100');
  await ui.text('entry-source').fill('Vendor quote Q-123');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(ui.form).toHaveCount(0);
  await expect(ui.entries).toContainText('dgx-h100');
  await expect(ui.detail).toContainText('user entry');
  await expect(
    ui.detail.locator('tr', { has: page.getByRole('rowheader', { name: 'Price', exact: true }) }),
  ).toContainText('User entry');
  await expect(
    ui.detail.locator('tr', { has: page.getByRole('rowheader', { name: 'Price', exact: true }) }),
  ).toContainText('300,000');
  await screenshot(page, 'catalog-user-entry');
  await expectNoA11yViolations(page);

  // The charts follow: the capex of that scenario changes (128 nodes at $300,000 each).
  await openScreen(page, 'Charts');
  await expect.poll(() => capexTotal(page, name)).not.toBe(before);
});

test('keyboard only: search, select an entry; removing a user entry is undoable', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Catalog');
  const ui = catalogPage(page);
  await ui.search.focus();
  await page.keyboard.type('qm9700');
  await expect(ui.count).toHaveText(/^1 of /);
  // Tab into the table: each row's name is a button (one tab stop per row).
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const inTable = await ui.table.evaluate((t) => t.contains(document.activeElement));
    if (inTable) break;
  }
  // Space presses the focused row's button: the entry is selected (aria-current) and shown.
  await page.keyboard.press('Space');
  await expect(ui.detail).toContainText('QM9700');
  await expect(ui.table.getByRole('button', { name: /QM9700/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // Override its price from the keyboard: the button, then the form's fields.
  await ui.detail.getByRole('button', { name: 'Override with a user entry…' }).focus();
  await page.keyboard.press('Enter');
  await ui.field('priceUsd').focus();
  await page.keyboard.type('25000');
  await ui.text('entry-source').focus();
  await page.keyboard.type('Quote 7');
  await page.getByRole('button', { name: 'Save entry' }).focus();
  await page.keyboard.press('Enter');
  await expect(ui.entries).toContainText('qm9700');

  // Remove it, then undo (Ctrl+Z): it is back; redo removes it again.
  await ui.entries.getByRole('button', { name: 'Remove user entry qm9700' }).click();
  await expect(ui.entries).toContainText('None yet.');
  await page.locator('body').focus();
  await page.keyboard.press('Control+z');
  await expect(ui.entries).toContainText('qm9700');
  await page.keyboard.press('Control+Shift+z');
  await expect(ui.entries).toContainText('None yet.');
  // The dark theme (prefers-color-scheme) keeps everything readable.
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'catalog-dark');
  await expectNoA11yViolations(page);
});
