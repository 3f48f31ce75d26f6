import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/**
 * Issue 22 point 8: the design search over every catalog accelerator (on its platform) and every
 * region with an electricity price, builds named in words.
 */
test('design search: every accelerator on its platform, every priced region, builds in words', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  test.setTimeout(180_000);
  await page.goto('/');
  await openScreen(page, 'Design search');
  const accelerators = page.getByTestId('search-accelerators');
  const regions = page.getByTestId('search-regions');

  // Every catalog accelerator is offered with the platform it is bought as.
  await expect(accelerators.getByRole('checkbox')).toHaveCount(15);
  await expect(accelerators).toContainText('NVIDIA GB200 NVL72 rack (DGX GB200)');
  await expect(accelerators).toContainText('NVIDIA GB300 NVL72 rack');
  await expect(accelerators).toContainText('AMD Instinct MI355X 8-GPU platform');
  // Every priced region, other currencies included, priced in their own currency.
  await expect(regions.getByRole('checkbox')).toHaveCount(15);
  await expect(regions).toContainText('Germany non-household (0.21 EUR/kWh)');
  await expect(regions).toContainText('US Texas industrial (0.065 USD/kWh)');

  await accelerators.getByRole('button', { name: /Select every/ }).click();
  await regions.getByRole('button', { name: /Select every/ }).click();
  await expect(accelerators.getByRole('checkbox', { checked: true })).toHaveCount(15);
  await expect(regions.getByRole('checkbox', { checked: true })).toHaveCount(15);
  await page.getByTestId('search-gpus').locator('input').fill('1152');
  await page.getByTestId('search-gbps').locator('input').fill('400');
  await page.getByTestId('search-fabrics').getByRole('checkbox', { name: 'RoCE' }).uncheck();
  // 15 accelerators × 2 cooling types × 15 regions.
  await expect(page.getByTestId('search-count')).toContainText('450');
  await screenshot(page, 'search-platforms-form');

  await page.getByTestId('search-run').click();
  const best = page.getByTestId('search-best');
  await expect(page.getByTestId('search-results')).toBeVisible({ timeout: 120_000 });
  // Liquid-cooled platforms under air are not builds: said in words.
  await expect(page.getByTestId('search-summary')).toContainText(
    'the platform is liquid-cooled: it needs direct liquid cooling',
  );
  const builds = await best.locator('tbody tr th').allInnerTexts();
  expect(builds.length).toBeGreaterThan(0);
  for (const b of builds) {
    // "16 × NVIDIA GB200 NVL72 rack (DGX GB200), 1,152 GPUs": platforms, count, GPUs.
    expect(b).toMatch(/^[\d,]+ × .+, 1,152 GPUs$/);
    expect(b).not.toMatch(/\b(h100-sxm|b200|gb200|mi300x|h200-sxm) ×/);
  }
  const sites = await best.locator('tbody tr td:nth-child(4)').allInnerTexts();
  for (const s of sites) expect(s).not.toMatch(/us-|eu-|direct-liquid/);
  await best.scrollIntoViewIfNeeded();
  await screenshot(page, 'search-platforms-results');
  await expectNoA11yViolations(page);

  // Opening a found build names the scenario in the same words.
  await best
    .getByRole('button', { name: /as a scenario/ })
    .first()
    .click();
  await expect(page.getByTestId('scenario-name').locator('input')).toHaveValue(
    new RegExp(`^${(builds[0] ?? '').replace(/[().*+?^${}|[\]\\]/g, '\\$&')}, `),
  );
});
