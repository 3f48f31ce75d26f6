import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { addScenario, openScreen } from './pages';

/** Page model of the scenario editor (issue 20: MoE presets and MIG profiles). */
function editor(page: Page) {
  const field = (path: string): Locator => page.getByTestId(`field-${path}`);
  return {
    field,
    select: (path: string): Locator => field(path).locator('select').first(),
    kpi: (id: string): Locator => page.getByTestId(`kpi-${id}`).locator('dd'),
    /** A result figure as a number (thousands separators dropped). */
    async kpiValue(id: string): Promise<number> {
      const text = (await page.getByTestId(`kpi-${id}`).locator('dd').textContent()) ?? '';
      return parseFloat(text.replace(/,/g, ''));
    },
    issues: page.getByTestId('summary-issues'),
    add: (item: string) => addScenario(page, item),
  };
}

test('DeepSeek-V3 preset: expert parallelism in the resolved layout and the all-to-all in the step', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  await ui.add('DeepSeek-V3 (671B, MoE)');
  await expect(page.getByTestId('scenario-name').locator('input')).toHaveValue(
    'DeepSeek-V3 (671B, MoE) pre-train, 1,024× H100',
  );
  // The preset's MoE shape and its recipe's layout (Megatron-Bridge: TP 2, PP 8, VPP 4, EP 64).
  await expect(ui.field('workload.model.moe.experts').locator('input').first()).toHaveValue('256');
  await expect(ui.kpi('tokens_per_s')).toContainText('tokens/s');
  await expect(page.getByTestId('summary-layout')).toContainText('EP 64');
  await expect(page.getByTestId('summary-layout')).toContainText('TP 2');
  await screenshot(page, 'moe-deepseek-v3-editor');

  // The step-time chart has its own segment for the expert-parallel all-to-all.
  await openScreen(page, 'Charts');
  const step = page.getByTestId('chart-step');
  await expect(step).toContainText('Exposed expert-parallel all-to-all');
  await step.locator('summary').click();
  await expect(
    step.getByRole('columnheader', { name: /Exposed expert-parallel all-to-all/ }),
  ).toBeVisible();
  const row = step.getByRole('row').filter({ hasText: 'DeepSeek-V3' });
  const cells = await row.getByRole('cell').allTextContents();
  // Some cell of the DeepSeek row is the all-to-all time: a positive number of seconds.
  expect(cells.some((c) => parseFloat(c.replace(/,/g, '')) > 0)).toBe(true);
  await step.scrollIntoViewIfNeeded();
  await screenshot(page, 'moe-deepseek-v3-step-chart');
  await expectNoA11yViolations(page);
});

test('MIG: an 8B model on 1g.20gb slices of 8 H100 serves a sensible share of the whole GPUs', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  await ui.add('Serve Llama 3 70B, 8× H100 FP8');
  await page.getByTestId('model-preset').locator('select').selectOption('llama3-8b');
  await expect(ui.field('workload.model.layers').locator('input').first()).toHaveValue('32');
  await expect(ui.kpi('output_tokens_per_s')).toContainText('tokens/s');
  const whole = await ui.kpiValue('output_tokens_per_s');

  // MIG with a profile of this accelerator, chosen from the catalog's list.
  await ui.select('workload.partition.kind').selectOption('mig');
  const profile = ui.select('workload.partition.profile');
  await expect(profile.locator('option', { hasText: '1g.10gb' })).toHaveCount(1);
  await expect(profile.locator('option', { hasText: '7g.80gb' })).toHaveCount(1);
  await profile.selectOption('1g.20gb');
  await expect(ui.issues).toHaveCount(0);
  // The serving layout in words: a copy per instance, four instances on each of the 8 GPUs.
  await expect(page.getByTestId('summary-layout')).toHaveText(
    'TP 1 · PP 1 · 32 model copies (4 instances per GPU)',
  );
  // 32 instances of 1/7 compute and 1/4 memory: more than a 1/7 share of the whole GPUs, less
  // than all of it (the engine's answer: about 60 %).
  await expect.poll(() => ui.kpiValue('output_tokens_per_s')).toBeLessThan(whole);
  const sliced = await ui.kpiValue('output_tokens_per_s');
  expect(sliced).toBeGreaterThan(whole / 7);
  expect(sliced).toBeLessThan(whole);
  // Sizing for the template's 20 requests/s stays within the 8 GPUs.
  const gpus = await ui.kpiValue('gpus_for_target_load');
  expect(gpus).toBeGreaterThanOrEqual(1);
  expect(gpus).toBeLessThanOrEqual(8);
  await screenshot(page, 'mig-llama3-8b-1g20gb');
  await expectNoA11yViolations(page);
});
