import { readFileSync, writeFileSync } from 'node:fs';
import type { FileChooser, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab');

async function fileMenu(page: Page, item: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'File ▾' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('New and Open ask before replacing unsaved work: Cancel, Don’t save, Save', async ({
  page,
  consoleErrors,
}, testInfo) => {
  void consoleErrors;
  await page.goto('/');
  await expect(tabs(page)).toHaveCount(2);
  const docName = page.getByTestId('document-name');
  const dialog = page.getByTestId('unsaved-dialog');

  // Nothing unsaved: New asks nothing.
  await fileMenu(page, 'New');
  await expect(tabs(page)).toHaveCount(1);
  await expect(dialog).toHaveCount(0);

  // An edit, then New: asked; Cancel (and Escape) keep everything.
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(tabs(page)).toHaveCount(2);
  await fileMenu(page, 'New');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Save the changes to Untitled?');
  await expect(dialog).toContainText('A new workspace replaces the open scenarios');
  await screenshot(page, 'unsaved-new-dialog');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(tabs(page)).toHaveCount(2);
  await fileMenu(page, 'New');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tabs(page)).toHaveCount(2);
  await expect(docName).toContainText('(unsaved changes)');

  // Don't save: replaced (Undo still brings the work back in this session).
  await fileMenu(page, 'New');
  await dialog.getByRole('button', { name: 'Don’t save' }).click();
  await expect(tabs(page)).toHaveCount(1);
  await expect(docName).toHaveText('Untitled');

  // Open over unsaved work: the file is picked first, then the question; Save saves (a download
  // in the browser) and then opens the file.
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(docName).toContainText('(unsaved changes)');
  const example = readFileSync('examples/serving-llama3-70b-8xh100-fp8.json', 'utf8');
  const file = testInfo.outputPath('serving.json');
  writeFileSync(file, example);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), fileMenu(page, /^Open…/)]);
  await chooser.setFiles(file);
  await expect(dialog).toContainText(
    'Opening serving.json replaces the open scenarios, which have unsaved changes.',
  );
  await expect(tabs(page)).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('clusterplan-scenarios.json');
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { scenarios: unknown[] };
  expect(saved.scenarios).toHaveLength(2);
  await expect(page.getByTestId('notice')).toContainText('Opened serving.json (1 scenario)');
  await expect(tabs(page)).toHaveCount(1);
  await expect(docName).toHaveText('serving.json');

  // A clean workspace opens without asking; Ctrl+O in the browser asks like the menu.
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  // The duplicate is in place (and the app settled) before the shortcut is pressed.
  await expect(tabs(page)).toHaveCount(2);
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  // Under CI load the first press was once not answered with a chooser (seen once in 5 runs):
  // the shortcut is pressed again until one opens, a chooser every time being the point checked.
  let again: FileChooser | undefined;
  await expect(async () => {
    [again] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 5_000 }),
      page.keyboard.press('Control+o'),
    ]);
  }).toPass({ timeout: 40_000 });
  await again!.setFiles(file);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(tabs(page)).toHaveCount(2);
  await expect(docName).toContainText('(unsaved changes)');
});
