import type { Locator, Page } from '@playwright/test';

/** Open a screen from the navigation, as a person would. */
export async function openScreen(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: label }).click();
}

/** Page model of the energy slice: one locator per thing a person looks at or edits. */
export function energyPage(page: Page) {
  const field = (testId: string): Locator => page.getByTestId(testId).locator('input');
  return {
    gpuCount: field('gpu-count'),
    load: field('load'),
    price: field('price'),
    years: field('years'),
    itPower: page.getByTestId('it-power'),
    yearlyCost: page.getByTestId('yearly-cost'),
    totalCost: page.getByTestId('total-cost'),
    chart: page.getByTestId('cost-chart').locator('.recharts-wrapper > svg.recharts-surface'),
    bars: page.getByTestId('cost-chart').locator('.recharts-bar-rectangle'),
    errors: page.getByTestId('result-errors'),
    notice: page.getByTestId('notice'),
    /** Type a value into a number field and commit it (Enter), as a person would. */
    async set(input: Locator, value: string) {
      await input.fill(value);
      await input.press('Enter');
    },
  };
}
