import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate } from '../model/evaluate';
import { parseScenarioOrThrow } from '../model/scenario';
import { expect, expectNoA11yViolations, SCREENSHOT_DIR, test } from './fixtures';
import { openScreen } from './pages';

/** Money as shown ("-$67,993,801") back to a number. */
function amount(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9.-]/g, ''));
}

test('Power screen: the finance schedule with book and economic life side by side', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  const scenario = parseScenarioOrThrow(
    JSON.parse(readFileSync('examples/pretrain-llama3-70b-1024xh100-ib.json', 'utf8')),
  );
  const r = evaluate(scenario);
  const f = r.build!.finance;
  await page.goto('/');
  await openScreen(page, 'Power');
  const panel = page.getByTestId('pw-finance');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('pw-finance-book-life')).toHaveText(
    `${f.bookLifeYears} years, straight-line`,
  );
  await expect(page.getByTestId('pw-finance-economic-life')).toHaveText(
    `${f.economicLifeYears} years`,
  );
  expect(f.bookLifeYears).not.toBe(f.economicLifeYears);
  expect(amount(await page.getByTestId('pw-finance-npv').textContent())).toBeCloseTo(
    r.metrics['npv_usd']!.value,
    -1,
  );
  const rows = page.getByTestId('pw-finance-table').locator('tbody tr');
  await expect(rows).toHaveCount(f.horizonYears + 1);
  // The last year: nothing left on the economic books before the book value reaches zero.
  const last = r.powerCost!.cost.schedule.years.at(-1)!;
  expect(amount(await rows.last().locator('td').nth(5).textContent())).toBeCloseTo(
    last.bookValueUsd,
    -1,
  );
  // Every column in view at 1280 × 800: the table does not scroll sideways.
  const overflow = await page
    .getByTestId('pw-finance-table')
    .evaluate((t) => [t.parentElement!.scrollWidth, t.parentElement!.clientWidth]);
  expect(overflow[0], 'finance table fits without scrolling').toBeLessThanOrEqual(overflow[1]!);
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: path.join(SCREENSHOT_DIR, 'power-finance.png') });
  await expectNoA11yViolations(page);
});
