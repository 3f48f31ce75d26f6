import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';

/** Issue 22 point 3: templates and presets with sources, every platform, MIG profiles. */
function editor(page: Page) {
  const field = (path: string): Locator => page.getByTestId(`field-${path}`);
  return {
    field,
    input: (path: string): Locator => field(path).locator('input').first(),
    select: (path: string): Locator => field(path).locator('select').first(),
    kpi: (id: string): Locator => page.getByTestId(`kpi-${id}`).locator('dd'),
    issues: page.getByTestId('summary-issues'),
    name: page.getByTestId('scenario-name').locator('input'),
    menu: page.getByRole('menu', { name: 'Add a scenario' }),
    async open() {
      await page.getByRole('button', { name: /Add scenario/ }).click();
    },
    async add(item: string | RegExp) {
      await page.getByRole('button', { name: /Add scenario/ }).click();
      await page.getByRole('menuitem', { name: item }).click();
    },
  };
}

test('templates and presets with sources: dense, MoE, vision, serving, every platform; MIG profiles', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  test.setTimeout(120_000);
  await page.goto('/');
  const ui = editor(page);

  // The menu groups them by kind, each with where its numbers come from.
  await ui.open();
  for (const group of [
    'Pre-train a dense model preset (1,024× H100)',
    'Pre-train a mixture-of-experts preset (1,024× H100)',
    'Vision',
    'Serve a model',
    'Pre-train Llama 3 70B on a platform',
  ]) {
    await expect(ui.menu.getByRole('group', { name: group })).toBeVisible();
  }
  const dense = ui.menu.getByRole('group', { name: /dense model preset/ });
  for (const m of ['Llama 3 8B', 'Llama 3 70B', 'Llama 3 405B', 'GPT-3 175B']) {
    await expect(dense.getByRole('menuitem', { name: m, exact: true })).toBeVisible();
  }
  await expect(dense).toContainText('Brown et al. 2020 (2020-05)');
  await expect(dense).toContainText('Llama Team, Meta 2024 (2024-07)');
  await expect(ui.menu.getByRole('group', { name: 'Vision' })).toContainText(
    'Dosovitskiy et al. 2021',
  );
  const platforms = ui.menu.getByRole('group', { name: /on a platform/ });
  await expect(platforms.getByRole('menuitem')).toHaveCount(15);
  await expect(platforms).toContainText('15 × NVIDIA GB200 NVL72 rack (DGX GB200)');
  await expect(platforms).toContainText('15 × NVIDIA GB300 NVL72 rack');
  await screenshot(page, 'templates-menu');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');

  // GB300 NVL72: the rack-scale platform's shape, liquid-cooled, and a result.
  await ui.add(/^NVIDIA GB300.*NVL72 rack/);
  await expect(ui.name).toHaveValue(/Llama 3 70B pre-train, 15 × NVIDIA GB300 NVL72 rack/);
  await expect(ui.input('cluster.compute.gpusPerNode')).toHaveValue('72');
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('1,080');
  await page
    .locator('summary', { hasText: /Facility$/ })
    .first()
    .click();
  await expect(ui.select('facility.coolingType')).toHaveValue('direct-liquid');
  await expect(ui.issues).toHaveCount(0);
  await expect(ui.kpi('tokens_per_s')).toContainText('tokens/s');
  await screenshot(page, 'templates-gb300-nvl72');

  // ViT-L/16: a vision training template.
  await ui.add(/^Train ViT-L\/16 on ImageNet/);
  await expect(ui.input('workload.model.seqLenTokens')).toHaveValue('197');
  await expect(ui.issues).toHaveCount(0);
  await expect(ui.kpi('tokens_per_s')).toContainText('tokens/s');

  // Serving an MoE model: DeepSeek-R1 on 8× H200, with a result.
  await ui.add(/^Serve DeepSeek-R1/);
  await expect(ui.input('workload.model.moe.experts')).toHaveValue('256');
  await expect(ui.issues).toHaveCount(0);
  await expect(ui.kpi('output_tokens_per_s')).toContainText('tokens/s');

  // Serving Llama 3 8B, then MIG: the profiles of the accelerator are offered by name.
  await ui.add(/^Serve Llama 3 8B/);
  await expect(ui.kpi('output_tokens_per_s')).toContainText('tokens/s');
  await ui.select('workload.partition.kind').selectOption('mig');
  const profile = ui.select('workload.partition.profile');
  await expect(profile.locator('option', { hasText: '3g.40gb' })).toHaveCount(1);
  await profile.selectOption('3g.40gb');
  await expect(ui.issues).toHaveCount(0);
  await expect(ui.kpi('output_tokens_per_s')).toContainText('tokens/s');
  await screenshot(page, 'templates-serving-8b-mig');
  await expectNoA11yViolations(page);
});
