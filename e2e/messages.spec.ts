import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { addScenario } from './pages';

/** Issue 22: problems and warnings in the user's words, once each, never silently reverted. */
function editor(page: Page) {
  const field = (path: string): Locator => page.getByTestId(`field-${path}`);
  return {
    field,
    input: (path: string): Locator => field(path).locator('input').first(),
    issues: page.getByTestId('summary-issues'),
    warnings: page.getByTestId('summary-warnings'),
    async set(path: string, value: string) {
      const input = field(path).locator('input').first();
      await input.fill(value);
      await input.press('Enter');
    },
  };
}

/** A field path as files name them, which the screen must not show. */
const INTERNAL_PATH = /\b(workload|cluster|storage|facility|finance)\.[a-z]\w*/;

test('invalid typing shows an error in words; one message per problem; badges agree', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);

  // "abc" stays as typed, with the field's range beside it.
  await ui.set('cluster.compute.gpus', 'abc');
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('abc');
  await expect(ui.field('cluster.compute.gpus')).toContainText(
    'GPUs must be an integer from 1 to 1e6 GPUs',
  );
  await expect(ui.issues).toContainText('Compute › GPUs must be an integer from 1 to 1e6 GPUs');
  await screenshot(page, 'messages-invalid-text');
  // 1.5 GPUs is not rounded to 2: it is an error.
  await ui.set('cluster.compute.gpus', '1.5');
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('1.5');
  await expect(ui.issues).toContainText('must be an integer');
  await ui.set('cluster.compute.gpus', '1024');
  await expect(ui.issues).toHaveCount(0);

  // 1e30 layers: listed once; the tab's badge and the section's agree.
  await ui.set('workload.model.layers', '1e30');
  await expect(ui.issues.locator('li')).toHaveCount(1);
  await expect(page.getByTestId('section-workload')).toContainText('1 problem');
  await expect(
    page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab').first(),
  ).toContainText('1');
  await ui.set('workload.model.layers', '80');

  // A storage cross-check names the other field by its label and section, no internal path.
  await page.getByTestId('section-storage').locator('summary').click();
  await ui.set('cluster.storage.node.cpuCoresPerNode', '4');
  await ui.set('cluster.storage.node.cpuCoresReservedPerNode', '8');
  await expect(ui.issues).toContainText('“CPU cores per node” in Storage');
  await expect(ui.issues).not.toContainText(INTERNAL_PATH);
  await expect(page.getByTestId('section-storage')).toContainText('1 problem');
  await screenshot(page, 'messages-storage-words');
  await page.getByRole('button', { name: /^Undo/ }).click();
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(ui.issues).toHaveCount(0);

  // A warning that asks for a value is gone once the value is entered.
  await ui.set('cluster.storage.nodeCache.drivesPerNode', '4');
  await ui.set('cluster.storage.dataset.epochs', '2');
  await expect(ui.warnings).toContainText('dataset size unknown');
  await expect(ui.warnings).not.toContainText(INTERNAL_PATH);
  await ui.set('cluster.storage.dataset.sizeTB', '100');
  await expect(page.getByText('dataset size unknown')).toHaveCount(0);
});

test('a serving SLO the build cannot meet: the result at the lightest load, and why, in words', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await addScenario(page, 'Serve Llama 3 70B, 8× H100 FP8');
  const ui = editor(page);
  const kpi = (id: string) => page.getByTestId(`kpi-${id}`).locator('dd');
  await expect(kpi('gpus_for_target_load')).toContainText('GPUs');
  // A 5 ms TPOT limit for the load and the sizing target: no decode step is that short.
  await ui.set('workload.serving.load.tpotLimitMs', '5');
  await ui.set('workload.target.tpotLimitMs', '5');
  // Not a broken build: no problem listed, the figures at the lightest load, the reasons as
  // warnings naming the fields by their labels.
  await expect(ui.issues).toHaveCount(0);
  await expect(kpi('output_tokens_per_s')).toHaveText('0 tokens/s');
  await expect(kpi('tpot_pct_ms')).toContainText('ms');
  await expect(page.getByTestId('kpi-gpus_for_target_load')).toHaveCount(0);
  await expect(ui.warnings).toContainText(
    '“Load” in Workload: no offered rate meets p99 TTFT ≤ 2,000 ms and TPOT ≤ 5.0 ms',
  );
  await expect(ui.warnings).toContainText('(limit 5.0 ms)');
  await expect(ui.warnings).toContainText(
    '“Sizing target” in Workload: no number of GPUs meets these limits either',
  );
  await expect(ui.warnings).not.toContainText(INTERNAL_PATH);
  await screenshot(page, 'messages-slo-unreachable');
  // Back to 50 ms: served again, sized again, no such warning.
  await ui.set('workload.serving.load.tpotLimitMs', '50');
  await ui.set('workload.target.tpotLimitMs', '50');
  await expect(kpi('gpus_for_target_load')).toContainText('GPUs');
  await expect(page.getByTestId('summary-warnings')).not.toContainText('no offered rate');
});
