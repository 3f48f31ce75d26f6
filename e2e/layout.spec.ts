import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/** A box of the first element matching `selector` (CSS pixels). */
async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not on screen`);
  return b;
}

/** The page scrolls sideways (content wider than the window). */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

for (const [w, h, columns] of [
  [1024, 640, 2],
  [800, 600, 1],
  [600, 800, 1],
] as const) {
  test(`at ${w}×${h} the editor is usable (${columns} column${columns > 1 ? 's' : ''}), by keyboard, axe-clean`, async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/');
    await expect(page.getByTestId('kpi-tokens_per_s')).toBeVisible();
    const editor = await box(page, '.sc-editor');
    const summary = await box(page, '.sc-summary');
    const main = await box(page, '.app-main');
    if (columns === 2) {
      // Form and live result side by side.
      expect(summary.x).toBeGreaterThan(editor.x + editor.width - 1);
      expect(editor.width).toBeGreaterThan(560);
    } else {
      // One column: the result above the form, the form as wide as the page allows.
      expect(summary.y + summary.height).toBeLessThanOrEqual(editor.y);
      expect(editor.width).toBeGreaterThan(main.width - 40);
    }
    // Never a sliver: at least 85 % of the window's width at 600 px.
    expect(editor.width).toBeGreaterThan(Math.min(560, 0.85 * w));
    // A field's input is wide enough to read a large number.
    expect(
      (await box(page, '[data-testid="field-cluster.compute.gpus"] input')).width,
    ).toBeGreaterThan(120);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `layout-editor-${w}x${h}`);
    await expectNoA11yViolations(page);

    // Keyboard: the GPUs field is reached and edited without a mouse.
    const gpus = page.getByTestId('field-cluster.compute.gpus').locator('input');
    await gpus.focus();
    await expect(gpus).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2048');
    await page.keyboard.press('Enter');
    await expect(gpus).toHaveValue('2,048');
    await page.keyboard.press('Shift+Tab');
    await expect(gpus).not.toBeFocused();

    await openScreen(page, 'Comparison');
    await expect(page.getByTestId('compare-table')).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `layout-compare-${w}x${h}`);
    await expectNoA11yViolations(page);
  });
}
