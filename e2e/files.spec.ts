import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { openScreen } from './pages';

/** The open scenarios' tab names, in order. */
async function tabNames(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab');
  return (await tabs.allInnerTexts()).map((t) => t.replace(/\s*baseline\s*$/, '').trim());
}

/** Choose an item of the header's File menu. */
async function fileMenu(page: Page, item: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'File ▾' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Open a file through File ▸ Open… (the browser shell's file chooser). */
async function openThroughMenu(page: Page, file: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), fileMenu(page, /^Open…/)]);
  await chooser.setFiles(file);
}

test('save, save as, open, recent files; a bad file is refused and changes nothing', async ({
  page,
  consoleErrors,
}, testInfo) => {
  void consoleErrors;
  await page.goto('/');
  const before = await tabNames(page);
  expect(before).toHaveLength(2);
  const docName = page.getByTestId('document-name');
  await expect(docName).toHaveText('Untitled');
  await expect(page).toHaveTitle('Untitled — ClusterPlan');

  // An edit marks the workspace unsaved (marker in the header and the title).
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(docName).toContainText('(unsaved changes)');
  await expect(page).toHaveTitle('• Untitled — ClusterPlan');
  // Undo back to the saved state is clean again.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Control+z');
  await expect(docName).toHaveText('Untitled');

  // Save of an untitled workspace is Save As: the browser shell downloads the file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    fileMenu(page, 'Save Ctrl+S'),
  ]);
  expect(download.suggestedFilename()).toBe('clusterplan-scenarios.json');
  const saved = testInfo.outputPath('clusterplan-scenarios.json');
  await download.saveAs(saved);
  const file = JSON.parse(readFileSync(saved, 'utf8')) as { format: string; scenarios: unknown[] };
  expect(file.format).toBe('clusterplan-scenarios');
  expect(file.scenarios).toHaveLength(2);
  await expect(docName).toHaveText('clusterplan-scenarios.json');
  await expect(page).toHaveTitle('clusterplan-scenarios.json — ClusterPlan');

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
    await openThroughMenu(page, bad);
    await expect(page.getByTestId('notice')).toContainText(`${name} was not opened`);
    await expect(page.getByTestId('notice')).toContainText(message);
    expect(await tabNames(page)).toEqual(before);
    await expect(docName).toHaveText('clusterplan-scenarios.json');
  }
  await screenshot(page, 'file-refused');

  // Open a file with one scenario of the two: it replaces the open ones and becomes current.
  const one = testInfo.outputPath('one.json');
  writeFileSync(one, JSON.stringify({ ...file, baseline: 0, scenarios: [file.scenarios[1]] }));
  await openThroughMenu(page, one);
  await expect(page.getByTestId('notice')).toContainText('Opened one.json (1 scenario)');
  expect(await tabNames(page)).toEqual([before[1]]);
  await expect(docName).toHaveText('one.json');

  // Recent files: newest first; the saved file reopens from the list without a file chooser.
  await page.getByRole('button', { name: 'File ▾' }).click();
  const recent = page.getByRole('group', { name: 'Recent files' }).getByRole('menuitem');
  await expect(recent).toHaveText(['one.json', 'clusterplan-scenarios.json']);
  await screenshot(page, 'file-menu');
  await expectNoA11yViolations(page);
  await page.getByRole('menuitem', { name: 'clusterplan-scenarios.json' }).click();
  await expect(page.getByTestId('notice')).toContainText('(2 scenarios)');
  expect(await tabNames(page)).toEqual(before);
  await expect(docName).toHaveText('clusterplan-scenarios.json');

  // Save goes to the current file's name without asking (Ctrl+S in the browser shell).
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(docName).toContainText('(unsaved changes)');
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Control+s'),
  ]);
  expect(again.suggestedFilename()).toBe('clusterplan-scenarios.json');
  const third = testInfo.outputPath('third.json');
  await again.saveAs(third);
  expect(
    (JSON.parse(readFileSync(third, 'utf8')) as { scenarios: unknown[] }).scenarios,
  ).toHaveLength(3);
  await expect(docName).toHaveText('clusterplan-scenarios.json');

  // New: one untitled scenario; Ctrl+Z brings the three back.
  await fileMenu(page, 'New');
  await expect(docName).toHaveText('Untitled');
  expect(await tabNames(page)).toHaveLength(1);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => tabNames(page)).toHaveLength(3);
});

test('a file that states only some fields saves back byte for byte; left-out fields stay defaults', async ({
  page,
  consoleErrors,
}, testInfo) => {
  void consoleErrors;
  await page.goto('/');
  // Two scenarios as a person might write them: the InfiniBand example as it is, and a copy that
  // leaves out its precision (a default) and gives a cheaper electricity price; no baseline key.
  type Doc = { [key: string]: unknown };
  const example = JSON.parse(
    readFileSync('examples/pretrain-llama3-70b-1024xh100-ib.json', 'utf8'),
  ) as Doc;
  const short = structuredClone(example);
  const training = (short['workload'] as Doc)['training'] as Doc;
  delete training['precision'];
  short['name'] = 'Llama 3 70B, stated briefly';
  short['facility'] = { priceUsdPerKwh: 0.06 };
  const original = `${JSON.stringify({ format: 'clusterplan-scenarios', scenarios: [example, short] }, null, 2)}\n`;
  const file = testInfo.outputPath('stated.json');
  writeFileSync(file, original);
  await openThroughMenu(page, file);
  await expect(page.getByTestId('notice')).toContainText('Opened stated.json (2 scenarios)');
  expect(await tabNames(page)).toEqual([
    'Llama 3 70B pre-train, 1,024x H100, InfiniBand NDR',
    'Llama 3 70B, stated briefly',
  ]);

  // The second scenario: the precision it leaves out is shown as a default with its source;
  // the bandwidth it states is not a default.
  await page.getByRole('tablist', { name: 'Open scenarios' }).getByRole('tab').nth(1).click();
  const precision = page.getByTestId('field-workload.training.precision');
  await expect(precision).toContainText('· default');
  await expect(precision.locator('[data-default-source]')).toHaveAttribute(
    'title',
    /BF16 mixed precision/,
  );
  await expect(precision.getByRole('combobox')).toHaveValue('bf16');
  const source = precision.locator('xpath=..').getByTestId('default-source');
  await precision.getByRole('combobox').focus();
  await expect(source).toBeVisible();
  await expect(source).toContainText('Megatron-LM');
  await screenshot(page, 'file-defaults');
  await expect(
    page.getByTestId('field-cluster.network.scaleOut.gbpsPerGpu').locator('[data-default-source]'),
  ).toHaveCount(0);

  // Save (Ctrl+S goes to the opened file's name): the same bytes come back.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Control+s'),
  ]);
  expect(download.suggestedFilename()).toBe('stated.json');
  const saved = readFileSync(await download.path());
  expect(saved.equals(Buffer.from(original, 'utf8')), 'saved bytes equal the file as opened').toBe(
    true,
  );
  // Still a default after saving (nothing was filled in).
  await expect(precision).toContainText('· default');

  // The Power screen reads the same documents: the price the file states is the scenario's,
  // the utilisation it leaves out is a default.
  await openScreen(page, 'Power');
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue(/.+/);
  await expect(page.getByTestId('pw-assumption-facility.electricityPerKwh')).toHaveAttribute(
    'data-prov',
    'scenario',
  );
  await expect(page.getByTestId('pw-kpi-price')).toHaveText('$0.06/kWh');
  await expect(page.getByTestId('pw-assumption-finance.utilization')).toHaveAttribute(
    'data-prov',
    'default',
  );
});

test('the file checks a person meets: a user catalog typo, a negative catalog value and a reversed name are refused with the field; a byte-order mark opens', async ({
  page,
  consoleErrors,
}, testInfo) => {
  void consoleErrors;
  await page.goto('/');
  const before = await tabNames(page);
  const example = JSON.parse(
    readFileSync('examples/pretrain-llama3-70b-1024xh100-ib.json', 'utf8'),
  ) as Record<string, unknown>;
  const entry = (fields: Record<string, unknown>, kind = 'acceleratorPower', id = 'h100-sxm') => ({
    ...example,
    userCatalog: { entries: [{ kind, id, date: '2026-01', source: 'quote', fields }] },
  });
  for (const [name, doc, message] of [
    [
      'typo.json',
      entry({ tdpw: 650 }),
      'userCatalog.entries[0].fields.tdpw: is not a field of acceleratorPower (did you mean "tdpW"?)',
    ],
    [
      'negative.json',
      entry({ powerW: -30 }, 'cable', 'fiber-mpo'),
      'userCatalog.entries[0].fields.powerW: must be a number from 0 to 100 W',
    ],
    [
      'reversed.json',
      { ...example, name: 'plan\u202Egnp.exe' },
      'name: must not contain bidirectional control characters',
    ],
  ] as const) {
    const file = testInfo.outputPath(name);
    writeFileSync(file, JSON.stringify(doc));
    await openThroughMenu(page, file);
    await expect(page.getByTestId('notice')).toContainText(`${name} was not opened`);
    await expect(page.getByTestId('notice')).toContainText(message);
    expect(await tabNames(page)).toEqual(before);
  }
  await screenshot(page, 'file-refused-catalog-typo');

  // Saved by a Windows editor with a UTF-8 byte-order mark: opens.
  const bom = testInfo.outputPath('bom.json');
  writeFileSync(bom, `\uFEFF${JSON.stringify(example)}`);
  await openThroughMenu(page, bom);
  await expect(page.getByTestId('notice')).toContainText('Opened bom.json (1 scenario)');
});
