import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';

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
