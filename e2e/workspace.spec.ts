import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import path from 'node:path';
import { expect, expectNoA11yViolations, screenshot, SCREENSHOT_DIR, test } from './fixtures';
import { openScreen } from './pages';

type Doc = Record<string, unknown>;
const IB = JSON.parse(
  readFileSync('examples/pretrain-llama3-70b-1024xh100-ib.json', 'utf8'),
) as Doc;

/** A scenario file of `n` copies of the InfiniBand example at different scale-out speeds. */
function fileOf(n: number, prefix: string): string {
  const scenarios = Array.from({ length: n }, (_, i) => {
    const doc = structuredClone(IB) as {
      name: string;
      cluster: { network: { scaleOut: { gbpsPerGpu: number } } };
    };
    doc.name = `${prefix} ${i + 1}`;
    doc.cluster.network.scaleOut.gbpsPerGpu = [200, 400, 800][i % 3]!;
    return doc;
  });
  return `${JSON.stringify({ format: 'clusterplan-scenarios', baseline: 0, scenarios }, null, 2)}\n`;
}

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab');

async function addFromFile(page: Page, file: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    (async () => {
      await page.getByRole('button', { name: 'File ▾' }).click();
      await page.getByRole('menuitem', { name: 'Add scenarios from file…' }).click();
    })(),
  ]);
  await chooser.setFiles(file);
}

test('24 scenarios: Add scenarios from file merges; Comparison scrolls with the metric column pinned and hides unchanged rows', async ({
  page,
  consoleErrors,
}, testInfo) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1024, height: 640 });
  await page.goto('/');
  await expect(tabs(page)).toHaveCount(2);
  const first = await tabs(page).allInnerTexts();

  // A file of two: they join the two open ones; the workspace stays the untitled one.
  const two = testInfo.outputPath('two.json');
  writeFileSync(two, fileOf(2, 'From file'));
  await addFromFile(page, two);
  await expect(page.getByTestId('notice')).toHaveText(
    'Added 2 scenarios from two.json. Ctrl+Z takes them out.',
  );
  await expect(tabs(page)).toHaveCount(4);
  expect((await tabs(page).allInnerTexts()).slice(0, 2)).toEqual(first);
  await expect(tabs(page).nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('document-name')).toContainText('Untitled');
  await expect(page.getByTestId('document-name')).toContainText('(unsaved changes)');

  // A file of 22 (a file holds at most 24): 20 fit (24 open at most), the notice says 2 did not.
  const many = testInfo.outputPath('many.json');
  writeFileSync(many, fileOf(22, 'Speed'));
  await addFromFile(page, many);
  await expect(page.getByTestId('notice')).toHaveText(
    'Added 20 scenarios from many.json; 2 more did not fit (at most 24 open at once). Ctrl+Z takes them out.',
  );
  await expect(tabs(page)).toHaveCount(24);
  await expect(page.getByRole('button', { name: 'Add scenario ▾' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Duplicate', exact: true })).toBeDisabled();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'workspace-24-editor-1024x640.png') });

  // Comparison: 25 columns (metric + 24) scroll sideways inside their frame; the page does not.
  await openScreen(page, 'Comparison');
  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead th')).toHaveCount(25);
  const scroller = page.locator('.cmp-scroll');
  const sizes = await scroller.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(sizes.scroll).toBeGreaterThan(2 * sizes.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  const metricHead = table.locator('thead th').first();
  const stepRow = page.getByTestId('row-step_time_s').locator('th');
  const x0 = (await stepRow.boundingBox())!.x;
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  // Pinned: the metric column stays where it was while the last scenario comes into view.
  await expect.poll(async () => (await stepRow.boundingBox())!.x).toBeCloseTo(x0, 0);
  expect((await metricHead.boundingBox())!.x).toBeCloseTo(x0, 0);
  await expect(table.locator('thead th').last()).toBeInViewport();
  await screenshot(page, 'workspace-24-compare-scrolled-1024x640');
  // What the window shows (the full-page shot is too tall to read).
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'workspace-24-compare-window-1024x640.png'),
  });

  // Hide unchanged rows: only the figures that differ between the builds stay.
  const rows = page.locator('[data-testid^="row-"]');
  const all = await rows.count();
  await page.getByTestId('hide-unchanged').getByRole('checkbox').check();
  await expect.poll(() => rows.count()).toBeLessThan(all);
  await expect(page.getByTestId('row-step_time_s')).toBeVisible();
  await expect(page.getByTestId('row-tco_usd')).toBeVisible();
  // The model's size reads the same everywhere: hidden.
  const kept = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(kept.length).toBeGreaterThan(3);
  await screenshot(page, 'workspace-24-compare-hide-unchanged');
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'workspace-24-compare-hide-unchanged-window.png'),
  });
  await expectNoA11yViolations(page);
  await page.getByTestId('hide-unchanged').getByRole('checkbox').uncheck();
  await expect(rows).toHaveCount(all);

  // Ctrl+Z takes the 20 out again (one step).
  await openScreen(page, 'Scenarios');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+z');
  await expect(tabs(page)).toHaveCount(4);
});

test('copy with one change: one field and the fields that follow it, one step', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  await expect(tabs(page)).toHaveCount(2);
  const source = (await page.getByTestId('scenario-name').locator('input').inputValue()).trim();
  await page.getByRole('button', { name: 'Copy with one change…' }).click();
  const dialog = page.getByTestId('duplicate-with-change');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Change' })).toHaveValue(
    'cluster.compute.gpus',
  );
  const value = dialog.getByTestId('dup-change-value').locator('input');
  await expect(value).toHaveValue('1,024');
  // The current value cannot be "changed" to itself.
  await expect(dialog.getByRole('button', { name: 'Make the copy' })).toBeDisabled();
  await value.fill('2048');
  await value.press('Tab');
  await expect(dialog).toContainText(`The copy “${source} · GPUs 2,048” opens beside`);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'workspace-copy-with-change-dialog.png'),
  });
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Make the copy' }).click();
  await expect(dialog).toBeHidden();

  // The copy opens right after its source, with the change and the layout that follows it.
  await expect(tabs(page)).toHaveCount(3);
  await expect(tabs(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('scenario-name').locator('input')).toHaveValue(
    `${source} · GPUs 2,048`,
  );
  await expect(page.getByTestId('field-cluster.compute.gpus').locator('input')).toHaveValue(
    '2,048',
  );
  await expect(
    page.getByTestId('field-workload.parallelism.dp').locator('input').first(),
  ).toHaveValue('64');
  await expect(page.getByTestId('edit-notes')).toContainText('DP');
  await screenshot(page, 'workspace-copy-with-change-done');

  // "Change only" keeps the GPU count and leaves the layout as stated (still one copy).
  await page
    .getByTestId('edit-notes')
    .getByRole('button', { name: /Change only/ })
    .click();
  await expect(tabs(page)).toHaveCount(3);
  await expect(page.getByTestId('field-cluster.compute.gpus').locator('input')).toHaveValue(
    '2,048',
  );
  await expect(
    page.getByTestId('field-workload.parallelism.dp').locator('input').first(),
  ).toHaveValue('32');

  // Another field: the accelerator, from the catalog's list.
  await tabs(page).first().click();
  await page.getByRole('button', { name: 'Copy with one change…' }).click();
  await dialog
    .getByRole('combobox', { name: 'Change' })
    .selectOption('cluster.compute.acceleratorId');
  await dialog.getByRole('combobox', { name: 'New accelerator' }).selectOption('b200');
  await dialog.getByRole('button', { name: 'Make the copy' }).click();
  await expect(tabs(page)).toHaveCount(4);
  await expect(page.getByTestId('scenario-name').locator('input')).toHaveValue(
    new RegExp(`^${source.replace(/[()]/g, '.')} · Accelerator .*B200`),
  );
  // One undo takes the copy away.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+z');
  await expect(tabs(page)).toHaveCount(3);
});
