import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';

/** The open scenarios' tab names, in order. */
async function tabNames(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab');
  return (await tabs.allInnerTexts()).map((t) => t.replace(/\s*baseline\s*$/, '').trim());
}

test('save the scenarios, reopen them; a bad file is refused and changes nothing', async ({
  page,
  consoleErrors,
}, testInfo) => {
  void consoleErrors;
  await page.goto('/');
  const before = await tabNames(page);
  expect(before).toHaveLength(2);

  // Save: the browser shell downloads the file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save scenarios…' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('clusterplan-scenarios.json');
  const saved = testInfo.outputPath('clusterplan-scenarios.json');
  await download.saveAs(saved);
  const file = JSON.parse(readFileSync(saved, 'utf8')) as { format: string; scenarios: unknown[] };
  expect(file.format).toBe('clusterplan-scenarios');
  expect(file.scenarios).toHaveLength(2);

  // A hostile file (prototype key) and an invalid one: a clear message, nothing changes.
  for (const [name, text, message] of [
    [
      'hostile.json',
      '{"scenarios":[{"__proto__":{"polluted":1}}]}',
      'the key "__proto__" is not allowed',
    ],
    [
      'invalid.json',
      JSON.stringify({
        ...file,
        scenarios: [{ ...(file.scenarios[0] as object), schemaVersion: 99 }],
      }),
      'scenarios[0].schemaVersion',
    ],
  ] as const) {
    const bad = testInfo.outputPath(name);
    writeFileSync(bad, text);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Open scenarios…' }).click(),
    ]);
    await chooser.setFiles(bad);
    await expect(page.getByTestId('notice')).toContainText(`${name} was not opened`);
    await expect(page.getByTestId('notice')).toContainText(message);
    expect(await tabNames(page)).toEqual(before);
  }
  await screenshot(page, 'file-refused');

  // Open a file with one scenario of the two: it replaces the open ones; Ctrl+Z brings them back.
  const one = testInfo.outputPath('one.json');
  writeFileSync(one, JSON.stringify({ ...file, baseline: 0, scenarios: [file.scenarios[1]] }));
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open scenarios…' }).click(),
  ]);
  await chooser.setFiles(one);
  await expect(page.getByTestId('notice')).toContainText('Opened one.json (1 scenario)');
  expect(await tabNames(page)).toEqual([before[1]]);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => tabNames(page)).toEqual(before);

  // And the saved file opens back to both scenarios.
  const [again] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open scenarios…' }).click(),
  ]);
  await again.setFiles(saved);
  await expect(page.getByTestId('notice')).toContainText('(2 scenarios)');
  expect(await tabNames(page)).toEqual(before);
});
