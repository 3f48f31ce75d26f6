import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';

/** Issue 22: what-if edits that keep the build valid, with what else moved in words. */
function editor(page: Page) {
  const field = (path: string): Locator => page.getByTestId(`field-${path}`);
  return {
    field,
    input: (path: string): Locator => field(path).locator('input').first(),
    select: (path: string): Locator => field(path).locator('select').first(),
    notes: page.getByTestId('edit-notes'),
    issues: page.getByTestId('summary-issues'),
    kpi: (id: string): Locator => page.getByTestId(`kpi-${id}`).locator('dd'),
    async set(path: string, value: string) {
      const input = field(path).locator('input').first();
      await input.fill(value);
      await input.press('Enter');
    },
  };
}

test('GPU count, accelerator and model edits keep the build valid, undoable in one step', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  await expect(ui.kpi('tokens_per_s')).toContainText('tokens/s');
  const tokens1024 = await ui.kpi('tokens_per_s').textContent();

  // 1,024 → 2,048 GPUs: the stated layout's DP doubles, the result stays.
  await ui.set('cluster.compute.gpus', '2048');
  await expect(ui.notes).toContainText('Data parallel (DP) 32 → 64');
  await expect(ui.input('workload.parallelism.dp')).toHaveValue('64');
  await expect(ui.input('workload.parallelism.tp')).toHaveValue('8');
  await expect(ui.issues).toHaveCount(0);
  await expect(ui.kpi('tokens_per_s')).not.toHaveText(tokens1024 ?? '');
  await screenshot(page, 'edits-gpus-rescaled');

  // 16,384 GPUs: two switch tiers no longer connect them, so the stated tiers go automatic.
  await ui.set('cluster.compute.gpus', '16384');
  await expect(ui.notes).toContainText('Fat-tree tiers 2 → automatic');
  await expect(ui.issues).toHaveCount(0);
  await expect(ui.kpi('tokens_per_s')).toContainText('tokens/s');
  await screenshot(page, 'edits-fat-tree-tiers');
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('2,048');

  // 2,000 GPUs: no whole DP or CP, so the layout goes automatic with a notice.
  await ui.set('cluster.compute.gpus', '2000');
  await expect(ui.notes).toContainText('chosen automatically');
  await expect(ui.issues).toHaveCount(0);
  await expect(ui.kpi('tokens_per_s')).toContainText('tokens/s');
  // The notice is dismissible.
  await ui.notes.getByRole('button', { name: 'Dismiss' }).click();
  await expect(ui.notes).toHaveCount(0);
  await ui.set('cluster.compute.gpus', '1024');

  // GB200: the NVL72 platform's shape in one step.
  await ui.select('cluster.compute.acceleratorId').selectOption('gb200');
  await expect(ui.notes).toContainText('GPUs per node 8 → 72');
  await expect(ui.notes).toContainText('direct liquid cooling');
  await expect(ui.input('cluster.compute.gpusPerNode')).toHaveValue('72');
  await expect(ui.issues).toHaveCount(0);
  await screenshot(page, 'edits-gb200-platform');
  await expectNoA11yViolations(page);

  // One undo takes the whole platform change back.
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(ui.select('cluster.compute.acceleratorId')).toHaveValue('h100-sxm');
  await expect(ui.input('cluster.compute.gpusPerNode')).toHaveValue('8');
  await expect(ui.notes).toHaveCount(0);

  // "Change only the accelerator" keeps the old shape (B200 in H100's servers).
  await ui.select('cluster.compute.acceleratorId').selectOption('gb200');
  await ui.notes.getByRole('button', { name: 'Change only “Accelerator”' }).click();
  await expect(ui.select('cluster.compute.acceleratorId')).toHaveValue('gb200');
  await expect(ui.input('cluster.compute.gpusPerNode')).toHaveValue('8');
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect(ui.select('cluster.compute.acceleratorId')).toHaveValue('h100-sxm');

  // The preset follows the shape: 81 layers is no longer Llama 3 70B, 80 is again.
  const preset = page.getByTestId('model-preset').locator('select');
  await expect(preset).toHaveValue('llama3-70b');
  await ui.set('workload.model.layers', '81');
  await expect(preset).toHaveValue('');
  await expect(ui.notes).toContainText('preset is cleared');
  await ui.set('workload.model.layers', '80');
  await expect(preset).toHaveValue('llama3-70b');
});
