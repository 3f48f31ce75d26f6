import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { addScenario, openScreen } from './pages';

test('serving: power and cost at load, sizing applied as an undoable edit, latency curve with its SLO break', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await addScenario(page, 'Serve Llama 3 70B, 8× H100 FP8');
  const kpi = (id: string) => page.getByTestId(`kpi-${id}`).locator('dd');
  await expect(kpi('output_tokens_per_s')).toContainText('tokens/s');
  // Power and cost at the serving load come from the power/cost stage.
  await expect(kpi('it_power_kw')).toContainText('kW');
  await expect(kpi('cost_per_million_output_tokens_usd')).toContainText('$');

  // Size for 200 requests/s: the engine's answer, rounded up to whole 8-GPU servers.
  const target = page.getByTestId('field-workload.target.requestsPerS').locator('input').first();
  await target.fill('200');
  await target.press('Enter');
  const gpusNeeded = Number((await kpi('gpus_for_target_load').textContent())?.replace(/\D/g, ''));
  expect(gpusNeeded).toBeGreaterThan(8);
  const sized = Math.ceil(gpusNeeded / 8) * 8;
  const gpusInput = page.getByTestId('field-cluster.compute.gpus').locator('input').first();
  await expect(gpusInput).toHaveValue('8');
  const apply = page.getByRole('button', {
    name: `Size the cluster to ${sized.toLocaleString('en-US')} GPUs`,
  });
  await expect(apply).toBeVisible();
  await screenshot(page, 'serving-sizing');
  await apply.click();
  await expect(gpusInput).toHaveValue(sized.toLocaleString('en-US'));
  await expect(page.getByTestId('summary-sizing')).toContainText('match the target load');
  await page.keyboard.press('Control+z');
  await expect(gpusInput).toHaveValue('8');

  // The latency–throughput curve, with the point where the SLO breaks named.
  await openScreen(page, 'Charts');
  const chart = page.getByTestId('chart-latency');
  await expect(chart.locator('path.recharts-line-curve')).toHaveCount(1);
  await expect(page.getByTestId('chart-latency-breaks')).toContainText(
    /p99 (TPOT|TTFT) limit breaks above [\d.]+ req\/s/,
  );
  await chart.scrollIntoViewIfNeeded();
  await screenshot(page, 'serving-latency-chart');
  await expectNoA11yViolations(page);
});
