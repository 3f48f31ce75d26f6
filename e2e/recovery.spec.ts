import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';

const RECOVERY_KEY = 'clusterplan.recovery';

async function tabNames(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab');
  return (await tabs.allInnerTexts()).map((t) => t.replace(/\s*baseline\s*$/, '').trim());
}

function recoveryCopy(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), RECOVERY_KEY);
}

test('unsaved work is autosaved; after a reload the app offers it back (restore / discard)', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.goto('/');
  const before = await tabNames(page);
  expect(before).toHaveLength(2);
  expect(await recoveryCopy(page)).toBeNull();

  // An edit: a recovery copy is written shortly after (debounced autosave).
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const edited = await tabNames(page);
  expect(edited).toHaveLength(3);
  await expect.poll(() => recoveryCopy(page), { timeout: 5000 }).not.toBeNull();

  // The page goes away without saving (as after a crash): the next start offers the work.
  // With unsaved changes the browser first asks whether to leave (beforeunload): leave.
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  const dialog = page.getByTestId('recovery-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Restore unsaved work?');
  await expect(dialog.getByRole('listitem')).toHaveText(edited);
  await screenshot(page, 'recovery-offer');
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'recovery-offer-dark');
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  // Nothing is overwritten while the offer is open.
  expect(await tabNames(page)).toEqual(before);

  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  expect(await tabNames(page)).toEqual(edited);
  await expect(page.getByTestId('document-name')).toContainText('(unsaved changes)');

  // Still unsaved, so the copy stays; a clean save deletes it.
  await expect.poll(() => recoveryCopy(page), { timeout: 5000 }).not.toBeNull();
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
  await expect.poll(() => recoveryCopy(page)).toBeNull();
  // Saved: a reload asks nothing.
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  await expect(page.getByRole('tablist', { name: 'Open scenarios' })).toBeVisible();
  await expect(page.getByTestId('recovery-dialog')).toHaveCount(0);

  // Discard: the offer is dropped and does not come back.
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect.poll(() => recoveryCopy(page), { timeout: 5000 }).not.toBeNull();
  await page.reload();
  await expect(page.getByTestId('recovery-dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  expect(await tabNames(page)).toEqual(before);
  expect(await recoveryCopy(page)).toBeNull();
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Open scenarios' })).toBeVisible();
  await expect(page.getByTestId('recovery-dialog')).toHaveCount(0);
});
