import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { addScenario, openScreen } from './pages';

/** Page model of the scenario editor. */
function editor(page: Page) {
  const field = (path: string): Locator => page.getByTestId(`field-${path}`);
  return {
    tabs: page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab'),
    field,
    input: (path: string): Locator => field(path).locator('input').first(),
    kpi: (id: string): Locator => page.getByTestId(`kpi-${id}`).locator('dd'),
    /** A result figure as a number (thousands separators dropped). */
    async kpiValue(id: string): Promise<number> {
      const text = (await page.getByTestId(`kpi-${id}`).locator('dd').textContent()) ?? '';
      return parseFloat(text.replace(/,/g, ''));
    },
    bottleneck: page.getByTestId('summary-bottleneck'),
    issues: page.getByTestId('summary-issues'),
    add: (item: string | RegExp) => addScenario(page, item),
    /** Type a value and commit it with Enter, as a person would. */
    async set(path: string, value: string) {
      const input = field(path).locator('input').first();
      await input.fill(value);
      await input.press('Enter');
    },
  };
}

test('create scenarios from a preset and a template, edit, see errors, undo and redo', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  await expect(ui.tabs).toHaveCount(2);
  await expect(ui.kpi('tokens_per_s')).toContainText('tokens/s');
  await screenshot(page, 'scenarios-editor');

  // Two new scenarios: a model preset and a template.
  await ui.add('Llama 3 8B');
  await expect(ui.tabs).toHaveCount(3);
  await expect(ui.tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('scenario-name').locator('input')).toHaveValue(
    'Llama 3 8B pre-train, 1,024× H100',
  );
  await expect(ui.input('workload.model.layers')).toHaveValue('32');
  await expect(ui.kpi('tokens_per_s')).toContainText('tokens/s');
  await ui.add('LoRA fine-tune Llama 3 8B, 8× H100');
  await expect(ui.tabs).toHaveCount(4);
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('8');
  const before = await ui.kpi('tokens_per_s').textContent();

  // A valid edit: 8 → 16 GPUs changes the throughput.
  await ui.set('cluster.compute.gpus', '16');
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('16');
  await expect(ui.kpi('tokens_per_s')).not.toHaveText(before ?? '');

  // An invalid edit: the field names itself and its range; the result waits.
  await ui.set('cluster.compute.gpus', '0');
  await expect(
    ui.field('cluster.compute.gpus').getByText('GPUs must be an integer from 1 to 1e6 GPUs'),
  ).toBeVisible();
  await expect(ui.issues).toBeVisible();
  await screenshot(page, 'scenarios-invalid');

  // Undo twice with the keyboard (focus still in the committed field): back to 8.
  await page.keyboard.press('Control+z');
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('16');
  await expect(ui.issues).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('8');
  await expect(ui.kpi('tokens_per_s')).toHaveText(before ?? '');
  // Redo with Shift+Ctrl+Z and Ctrl+Y.
  await page.keyboard.press('Control+Shift+z');
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('16');
  await page.keyboard.press('Control+y');
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('0');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(ui.input('cluster.compute.gpus')).toHaveValue('16');

  // While typing (not committed), Ctrl+Z is the field's own: the workspace is untouched.
  const gpus = ui.input('cluster.compute.gpus');
  await gpus.fill('24');
  await gpus.press('Control+z');
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();
  await gpus.press('Enter');

  // The comparison shows all four builds and the change against the baseline.
  await openScreen(page, 'Comparison');
  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead th')).toHaveCount(5);
  await expect(page.getByTestId('row-tokens_per_s')).toContainText('▼');
});

test('periodic evaluation: add it, fill it, and the time to train grows, the throughput does not', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  await expect(ui.kpi('time_to_train_days')).toContainText('days');
  const ttt = await ui.kpi('time_to_train_days').textContent();
  const tput = await ui.kpi('tokens_per_s').textContent();
  await page.getByRole('button', { name: 'Add Periodic evaluation' }).click();
  await expect(ui.field('workload.training.evaluation.skipEvals')).toContainText('Skip the first');
  await expect(ui.field('workload.training.evaluation.skipEvals')).toContainText('evaluations');
  // Every 2,048 sequences over 8,192: a long evaluation, so the change shows in the KPI.
  await ui.set('workload.training.evaluation.intervalSeqs', '2048');
  await ui.set('workload.training.evaluation.evalSeqs', '8192');
  await expect(ui.kpi('time_to_train_days')).not.toHaveText(ttt ?? '');
  const withEval = await ui.kpi('time_to_train_days').textContent();
  expect(parseFloat(withEval ?? '0')).toBeGreaterThan(parseFloat(ttt ?? '0'));
  await expect(ui.kpi('tokens_per_s')).toHaveText(tput ?? '');
  // Skipping more evaluations than the run has takes them all away again.
  await ui.set('workload.training.evaluation.skipEvals', '1000000000');
  await expect(ui.kpi('time_to_train_days')).toHaveText(ttt ?? '');
  await ui.set('workload.training.evaluation.skipEvals', '-1');
  await expect(
    ui.field('workload.training.evaluation.skipEvals').getByText(/from 0 to 1e9 evaluations/),
  ).toBeVisible();
  await screenshot(page, 'scenarios-evaluation');
});

test('ZeRO-3 / FSDP gathers: over the node’s NICs, a fully sharded layout trains faster', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  const select = (path: string): Locator => ui.field(path).locator('select').first();
  await expect(ui.field('workload.training.zero3Gathers')).toContainText('ZeRO-3 / FSDP gathers');
  await expect(select('workload.training.zero3Gathers')).toHaveValue('auto');
  // FSDP-style layout on the 1,024 GPUs: no TP or PP, every parameter sharded, full recompute.
  await ui.set('workload.parallelism.tp', '1');
  await ui.set('workload.parallelism.pp', '1');
  await ui.set('workload.parallelism.vpp', '1');
  await ui.set('workload.parallelism.dp', '1024');
  await select('workload.parallelism.zeroStage').selectOption('3');
  await select('workload.training.recompute').selectOption('full');
  await expect(ui.issues).toHaveCount(0);
  await expect(page.getByText(/TP 1 · PP 1 · DP 1024 · micro batch 1 · ZeRO-3/)).toBeVisible();
  // On H100 the era default (auto) gathers over the node's NICs, as FSDP does.
  const auto = await ui.kpiValue('tokens_per_s');
  await select('workload.training.zero3Gathers').selectOption('flat');
  await expect.poll(() => ui.kpiValue('tokens_per_s')).toBeLessThan(auto / 1.2);
  const flat = await ui.kpiValue('tokens_per_s');
  await select('workload.training.zero3Gathers').selectOption('hierarchical');
  await expect.poll(() => ui.kpiValue('tokens_per_s')).toBeGreaterThan(1.2 * flat);
  await expect.poll(() => ui.kpiValue('tokens_per_s')).toBe(auto);
  await screenshot(page, 'scenarios-zero3-gathers');
});

test('power limit: capping the GPUs at 500 W slows training and lowers the IT power', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  await expect(ui.field('workload.training.powerLimitW')).toContainText('Power limit');
  await expect(ui.input('workload.training.powerLimitW')).toHaveValue('');
  const open = await ui.kpiValue('tokens_per_s');
  await ui.set('workload.training.powerLimitW', '500');
  await expect(ui.issues).toHaveCount(0);
  await expect.poll(() => ui.kpiValue('tokens_per_s')).toBeLessThan(open);
  await screenshot(page, 'scenarios-power-limit');
  // Out of range: the field says why, and nothing is computed from it.
  await ui.set('workload.training.powerLimitW', '10');
  await expect(ui.field('workload.training.powerLimitW')).toContainText(/from 50 to 5,?000 W/);
});

test('packed documents: a short document length speeds the step through attention', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  await expect(ui.field('workload.training.packedDocTokens')).toContainText(
    'Packed document length',
  );
  await expect(ui.input('workload.training.packedDocTokens')).toHaveValue('');
  const open = await ui.kpiValue('tokens_per_s');
  await ui.set('workload.training.packedDocTokens', '512');
  await expect(ui.issues).toHaveCount(0);
  await expect.poll(() => ui.kpiValue('tokens_per_s')).toBeGreaterThan(open);
  await ui.input('workload.training.packedDocTokens').scrollIntoViewIfNeeded();
  await screenshot(page, 'scenarios-packed-documents');
  await ui.set('workload.training.packedDocTokens', '0');
  await expect(ui.field('workload.training.packedDocTokens')).toContainText(
    /must be a number from 1 to/,
  );
});

test('rename, duplicate, reorder, baseline and delete with confirmation', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  const name = page.getByTestId('scenario-name').locator('input');
  await name.fill('IB build');
  await name.press('Enter');
  await expect(ui.tabs.first()).toContainText('IB build');
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(ui.tabs).toHaveCount(3);
  await expect(ui.tabs.nth(1)).toContainText('IB build copy');
  await page.getByRole('button', { name: 'Move left' }).click();
  await expect(ui.tabs.first()).toContainText('IB build copy');
  await page.getByRole('button', { name: 'Mark as baseline' }).click();
  await expect(ui.tabs.first()).toContainText('baseline');
  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete “IB build copy”?');
  await screenshot(page, 'scenarios-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(ui.tabs).toHaveCount(2);
  await page.keyboard.press('Control+z');
  await expect(ui.tabs).toHaveCount(3);

  // A cross-field check is shown on its group: TP 16 × PP 4 × DP 32 × CP 1 ≠ 1,024 GPUs.
  await ui.set('workload.parallelism.tp', '16');
  await expect(
    page.getByText(
      "Parallelism TP × PP × DP × CP = 2048 must equal the cluster's GPUs (“GPUs” in Compute, 1024): each GPU holds one part of the layout",
      { exact: true },
    ),
  ).toBeVisible();
});

test('a serving scenario shows its fields and serving metrics', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  await ui.add('Serve Llama 3 70B, 8× H100 FP8');
  await expect(ui.field('workload.serving.inputTokensMean')).toBeVisible();
  await expect(ui.kpi('output_tokens_per_s')).toContainText('tokens/s');
  await expect(ui.kpi('ttft_ms')).toContainText('ms');
  await screenshot(page, 'scenarios-serving');
});

test('keyboard only: edit a field, switch screens, open help', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/');
  const ui = editor(page);
  // Tab from the top of the page to the GPUs field.
  const target = ui.input('cluster.compute.gpus');
  let found = false;
  for (let i = 0; i < 120 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await target.evaluate((el) => el === document.activeElement);
  }
  expect(found, 'GPUs field reached with Tab').toBe(true);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('512');
  await page.keyboard.press('Enter');
  await expect(target).toHaveValue('512');
  // Focus visible on the focused field group (a 2 px outline around it).
  await expect(ui.field('cluster.compute.gpus').locator('.field-group')).toHaveCSS(
    'outline-style',
    'solid',
  );
  await expect(ui.field('cluster.compute.gpus').locator('.field-group')).toHaveCSS(
    'outline-width',
    '2px',
  );
  await screenshot(page, 'scenarios-keyboard-focus');
  await page.keyboard.press('Control+z');
  await expect(target).toHaveValue('1,024');

  // Back to the screen tabs with Shift+Tab, then arrow keys switch screens.
  const screens = page.getByRole('tablist', { name: 'Screens' });
  let onTabs = false;
  for (let i = 0; i < 150 && !onTabs; i++) {
    await page.keyboard.press('Shift+Tab');
    onTabs = await screens.evaluate((el) => el.contains(document.activeElement));
  }
  expect(onTabs, 'screen tabs reached with Shift+Tab').toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Comparison' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('compare-table')).toBeVisible();

  // Help with F1 lists the shortcuts; Esc closes it.
  await page.keyboard.press('F1');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Undo the last edit');
  await screenshot(page, 'help-panel');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});

test('no WCAG 2.1 A/AA violations on the scenario editor', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/');
  await expect(page.getByTestId('summary-kpis')).toBeVisible();
  // Open every section (a <details>; its <summary> toggles it) so all fields are checked.
  for (const s of ['storage', 'reliability', 'facility', 'finance']) {
    await page.getByTestId(`section-${s}`).locator('summary').click();
  }
  await expectNoA11yViolations(page);
  // Defaults say where they come from on hover.
  const badge = page.getByTestId('field-finance.utilization').locator('[data-default-source]');
  await expect(badge).toHaveAttribute(
    'title',
    /Default source: .*Uptime Institute.*planning estimate/,
  );
  await badge.hover();
  // Keyboard users see the same text while the field has focus.
  const utilisation = page.getByTestId('field-finance.utilization');
  const source = utilisation.locator('xpath=..').getByTestId('default-source');
  await expect(source).toBeHidden();
  await utilisation.locator('input').first().focus();
  await expect(source).toBeVisible();
  await expect(source).toContainText('Uptime Institute');
  const width = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(width[0], 'no horizontal scroll at 1280×800').toBeLessThanOrEqual(width[1] ?? 0);
  await screenshot(page, 'scenarios-all-sections');
});

test('dark theme: editor and comparison stay readable (axe colour contrast)', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByTestId('summary-kpis')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'scenarios-dark');
  await openScreen(page, 'Comparison');
  await expect(page.getByTestId('compare-table')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'compare-dark');
});
