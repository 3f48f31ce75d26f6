import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

test('the accuracy page runs the bundled validation cases and explains their sources', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  // 340 case rows through axe: about a minute on the shared 2-core box.
  test.setTimeout(120_000);
  await page.goto('/');
  await openScreen(page, 'Model accuracy');
  const summary = page.getByTestId('acc-summary');
  // Ten sets and the overall row, computed in a Web Worker.
  await expect(page.getByTestId('acc-sum-all')).toBeVisible({ timeout: 30_000 });
  await expect(summary.locator('tbody tr')).toHaveCount(11);
  // The measured-power set (issue 19).
  await expect(page.getByTestId('acc-sum-power-dev.json').locator('td').first()).toHaveText('22');
  // The mixture-of-experts set (issue 20) with its reading.
  await expect(page.getByTestId('acc-sum-moe-dev.json').locator('td').first()).toHaveText('25');
  await expect(page.getByTestId('acc-reading-moe-dev.json')).toContainText('force');
  // The held-out MoE layouts, with their weak spots in words.
  await expect(page.getByTestId('acc-sum-moe-published.json').locator('td').first()).toHaveText(
    '7',
  );
  await expect(page.getByTestId('acc-sum-moe-published.json')).toContainText('held out');
  await expect(page.getByTestId('acc-reading-moe-published.json')).toContainText(
    'inside one 8-GPU H100 node',
  );
  await expect(page.getByTestId('acc-cases-moe-published.json').locator('tbody tr')).toHaveCount(7);
  await expect(
    page.getByTestId('acc-sum-training-published.json').locator('td').first(),
  ).toHaveText('24');
  await expect(
    page.getByTestId('acc-sum-training-published-older.json').locator('td').first(),
  ).toHaveText('55');
  await expect(
    page.getByTestId('acc-sum-training-mlperf-steps.json').locator('td').first(),
  ).toHaveText('57');
  await expect(
    page.getByTestId('acc-sum-training-mlperf-ttt.json').locator('td').first(),
  ).toHaveText('32');
  await expect(page.getByTestId('acc-sum-training-dev.json').locator('td').first()).toHaveText(
    '42',
  );
  await expect(page.getByTestId('acc-sum-storage-dev.json').locator('td').first()).toHaveText('6');
  await expect(page.getByTestId('acc-sum-serving-dev.json').locator('td').first()).toHaveText('70');
  // Per-case rows with predicted, observed, error and the source explained.
  const training = page.getByTestId('acc-cases-training-dev.json');
  await expect(training.locator('tbody tr')).toHaveCount(42);
  await expect(training.locator('tbody tr').first()).toContainText('Megatron-LM');
  await expect(training.locator('tbody tr').first()).toContainText('Peer-reviewed');
  // Each training set says how to read its errors.
  await expect(page.getByTestId('acc-reading-training-dev.json')).toContainText('software release');
  await expect(page.getByTestId('acc-reading-training-mlperf-steps.json')).toContainText('NVFP4');
  await expect(page.getByTestId('acc-reading-training-published-older.json')).toContainText(
    'earlier framework releases',
  );
  await expect(page.getByTestId('acc-reading-training-mlperf-steps.json')).toContainText(
    'Gaudi 2 GPT-3',
  );
  const elapsed = await page.getByTestId('acc-elapsed').innerText();
  console.log(`validation run: ${elapsed}`);
  await screenshot(page, 'accuracy-full');
  await page.screenshot({ path: 'reports/screenshots/accuracy.png' });
  await expectNoA11yViolations(page);
  // Only the cases outside tolerance.
  await page.getByText('Show only cases outside their tolerance').click();
  await expect(training.locator('tbody tr').first()).toContainText('outside');
  await screenshot(page, 'accuracy-outside-only');
});
