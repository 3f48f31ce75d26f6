import { readFileSync } from 'node:fs';
import { servingFleetFacts } from '../model/analysis';
import { fleetForDemand, largestDemandFor } from '../model/cost';
import { evaluate } from '../model/evaluate';
import { parseScenarioOrThrow } from '../model/scenario';
import path from 'node:path';
import { expect, expectNoA11yViolations, SCREENSHOT_DIR, screenshot, test } from './fixtures';
import { addScenario, openScreen } from './pages';

/**
 * The fleet view on the Power screen for a serving scenario: GPUs, MW and money for a stated
 * peak, the largest peak a power or money budget serves, a daily profile, and a bad profile
 * refused in the user's words; the figures are the engine's (evaluated here in Node too).
 */
test('Power screen: fleet for a serving demand and for power and money budgets', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  const scenario = parseScenarioOrThrow(
    JSON.parse(readFileSync('examples/serving-llama3-70b-8xh100-fp8.json', 'utf8')),
  );
  const facts = servingFleetFacts(scenario, evaluate(scenario))!;
  await page.goto('/');
  await addScenario(page, 'Serve Llama 3 70B, 8× H100 FP8');
  await openScreen(page, 'Power');
  const panel = page.getByTestId('pw-fleet');
  await expect(panel).toBeVisible();
  const cell = (row: string, col: number) =>
    page.getByTestId(`pw-fleet-${row}`).locator('td').nth(col);

  // 1,000,000 output tokens/s at the peak, all day: the engine's fleet.
  const demand = fleetForDemand(facts, { peakOutputTokensPerS: 1_000_000, diurnal: null });
  await expect(cell('gpus', 0)).toHaveText(
    `${demand.gpus.toLocaleString('en-US')} (${demand.copies.toLocaleString('en-US')} copies)`,
  );
  const power = largestDemandFor(facts, { kind: 'power', facilityMw: 10 }, null)!;
  await expect(cell('gpus', 1)).toHaveText(
    `${power.gpus.toLocaleString('en-US')} (${power.copies.toLocaleString('en-US')} copies)`,
  );
  await expect(cell('j-token', 0)).toHaveText(`${demand.joulesPerOutputToken.toFixed(2)} J`);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'power-fleet');
  await panel.screenshot({ path: path.join(SCREENSHOT_DIR, 'power-fleet-panel.png') });

  // A daily profile: half the day at half the peak. Same GPUs, less energy per year.
  const energyFlat = await cell('energy', 0).textContent();
  const profile = page.getByTestId('pw-fleet-profile').locator('input');
  await profile.fill(Array.from({ length: 24 }, (_, h) => (h < 12 ? 50 : 100)).join(' '));
  await expect(cell('energy', 0)).not.toHaveText(energyFlat ?? '');
  await expect(cell('gpus', 0)).toContainText(demand.gpus.toLocaleString('en-US'));

  // A profile of 3 values is refused, naming the field in the user's words.
  await profile.fill('1 2 3');
  await expect(page.getByTestId('pw-fleet-error')).toHaveText(
    'Daily profile: give 24 hourly values (got 3)',
  );
  await profile.fill('');
  await expect(page.getByTestId('pw-fleet-table')).toBeVisible();

  // A larger peak takes more GPUs.
  const peak = page.getByTestId('pw-fleet-peak').locator('input');
  await peak.fill('2000000');
  await peak.press('Enter');
  const twice = fleetForDemand(facts, { peakOutputTokensPerS: 2_000_000, diurnal: null });
  await expect(cell('gpus', 0)).toContainText(twice.gpus.toLocaleString('en-US'));
  await expectNoA11yViolations(page);
});
