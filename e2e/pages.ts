import type { Page } from '@playwright/test';

/** Open a screen from the navigation, as a person would. */
export async function openScreen(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: label }).click();
}

/** Add a scenario from the Add scenario menu (a preset, template or platform), as a person would. */
export async function addScenario(page: Page, item: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: /Add scenario/ }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
