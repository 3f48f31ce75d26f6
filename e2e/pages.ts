import type { Page } from '@playwright/test';

/** Open a screen from the navigation, as a person would. */
export async function openScreen(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: label }).click();
}
