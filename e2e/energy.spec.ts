import { readFileSync } from 'node:fs';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { energyPage, openScreen } from './pages';

// Hand-checked expectations. H100 SXM TDP 700 W (catalog), idle 10 % = 70 W.
// 1,024 GPUs at 70 % load: 1,024 × (70 + 0.7 × 630) = 523,264 W → "523 kW".
// Cost: 523.264 kW × 8,760 h × $0.10 = $458,379.26 → "$458,379".
test('the energy slice computes, updates its chart, and names bad inputs', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Energy estimate');
  const ui = energyPage(page);
  await expect(page.getByRole('heading', { name: /ClusterPlan/ })).toBeVisible();
  await expect(ui.itPower).toHaveText('523 kW');
  await expect(ui.yearlyCost).toHaveText('$458,379');
  await expect(ui.chart).toBeVisible();
  await expect(ui.bars).toHaveCount(5);

  // Double the GPU count: power and cost double (1,046,528 W; $916,758.53).
  await ui.set(ui.gpuCount, '2048');
  await expect(ui.itPower).toHaveText('1.05 MW');
  await expect(ui.yearlyCost).toHaveText('$916,759');
  // A 3-year horizon with +10 %/year: 916,758.53 × (1 + 1.1 + 1.21) = $3,034,470.73.
  await ui.set(ui.years, '3');
  await ui.set(page.getByTestId('price-change').locator('input'), '10');
  await expect(ui.bars).toHaveCount(3);
  await expect(ui.totalCost).toHaveText('$3,034,471');

  // The TDP shows its source on hover.
  // The tooltip opens on a real pointer move onto the trigger (pointerenter), as with a mouse.
  await page.mouse.move(0, 0);
  await page.getByTestId('tdp').getByRole('button').hover();
  await expect(page.getByRole('tooltip')).toContainText('Source:');
  await screenshot(page, 'energy-slice');

  // An out-of-range load is named with its range; the results wait for a valid value.
  await ui.set(ui.load, '150');
  await expect(page.getByText('Average load must be between 0 and 100 %').first()).toBeVisible();
  await expect(ui.errors).toBeVisible();
  await screenshot(page, 'energy-slice-invalid');
  await ui.set(ui.load, '70');
  await expect(ui.errors).toHaveCount(0);
  await expect(ui.yearlyCost).toHaveText('$916,759');
});

test('another accelerator changes the figures', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Energy estimate');
  const ui = energyPage(page);
  // A native select (role combobox) labelled "Accelerator".
  const accelerator = page
    .getByTestId('accelerator')
    .getByRole('combobox', { name: 'Accelerator' });
  await accelerator.selectOption({ label: 'NVIDIA A100 SXM4 80GB' });
  await expect(accelerator).toHaveValue('a100-sxm-80gb');
  // A100 TDP 400 W, idle 40 W: 1,024 × (40 + 0.7 × 360) = 299,008 W → "299 kW".
  await expect(ui.itPower).toHaveText('299 kW');
});

test('save downloads the inputs; a bad file is refused and changes nothing', async ({
  page,
  consoleErrors,
}, testInfo) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Energy estimate');
  const ui = energyPage(page);
  await ui.set(ui.gpuCount, '512');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save…' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('energy-inputs.json');
  const saved = testInfo.outputPath('saved.json');
  await download.saveAs(saved);
  const savedText = readFileSync(saved, 'utf8');
  expect(JSON.parse(savedText).inputs.gpuCount).toBe(512);

  // A hostile/invalid file: clear message, inputs untouched.
  const [badChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open…' }).click(),
  ]);
  const bad = JSON.stringify({
    format: 'clusterplan-energy-slice/1',
    inputs: { ...JSON.parse(savedText).inputs, gpuCount: -3 },
  });
  await badChooser.setFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(bad),
  });
  await expect(ui.notice).toContainText('gpuCount');
  await expect(ui.gpuCount).toHaveValue('512');

  // Opening the saved file after changing an input restores it.
  await ui.set(ui.gpuCount, '64');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open…' }).click(),
  ]);
  await chooser.setFiles(saved);
  await expect(ui.notice).toContainText('Opened saved.json');
  await expect(ui.gpuCount).toHaveValue('512');
});

test('the energy screen has no WCAG 2.1 A/AA violations', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/');
  await openScreen(page, 'Energy estimate');
  await expect(energyPage(page).chart).toBeVisible();
  await expectNoA11yViolations(page);
});
