/**
 * Packaging cannot run here (electron-builder fetches Electron for each target), so this checks
 * what can be checked without it: the electron-builder configuration (targets, app id, icon,
 * the scenario-file association, asar, what is packed), that dev-only packages such as
 * playwright-core are never packed, and the fuse list, flipped for real by the afterPack hook
 * in a stand-in binary carrying an Electron fuse wire.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import electronFuses from '@electron/fuses';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types (electron-builder reads it as is)
import config, { APP_ID, SCENARIO_FILE_ASSOCIATION } from '../../electron-builder.config.mjs';
// @ts-expect-error plain JS module without types
import { electronBinaryPath, FUSES, flipAppFuses } from '../../electron/packaging/fuses.mjs';
import { ASSOCIATED_EXTENSION } from '../../electron/launch';

const { FuseV1Options, getCurrentFuseWire } = electronFuses;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  main: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

type Target = { target: string; arch: string[] };

describe('electron-builder configuration', () => {
  it('builds a universal dmg, an NSIS installer, an AppImage and a deb', () => {
    expect(config.mac.target).toEqual([{ target: 'dmg', arch: ['universal'] }]);
    expect((config.win.target as Target[]).map((t) => t.target)).toEqual(['nsis']);
    expect((config.linux.target as Target[]).map((t) => t.target)).toEqual(['AppImage', 'deb']);
    expect(pkg.scripts['dist']).toMatch(
      /^npm run build && electron-builder --config electron-builder\.config\.mjs/,
    );
  });

  it('has an app id, a product name and an icon of at least 512×512', async () => {
    expect(APP_ID).toMatch(/^[a-z]+(\.[a-z]+){2,}$/);
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe('ClusterPlan');
    const png = await readFile(path.join(ROOT, config.icon as string));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512); // width
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(512); // height
  });

  it('associates .clusterplan files with the app (the extension main opens)', () => {
    expect(config.fileAssociations).toEqual([SCENARIO_FILE_ASSOCIATION]);
    expect(SCENARIO_FILE_ASSOCIATION.ext).toBe(ASSOCIATED_EXTENSION);
    // Never .json: the installer would take every JSON file from the user's editor.
    expect(config.fileAssociations.map((a: { ext: string }) => a.ext)).not.toContain('json');
  });

  it('packs only the built app into an asar, with the fuses flipped after packing', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(['dist/**/*', 'dist-electron/**/*', 'package.json', '!**/*.map']);
    expect(config.extraMetadata.main).toBe(pkg.main);
    expect(config.afterPack).toBe(flipAppFuses);
  });
});

describe('playwright-core stays out of the app', () => {
  it('is a devDependency (electron-builder packs only production dependencies)', () => {
    expect(Object.keys(pkg.dependencies)).not.toContain('playwright-core');
    expect(pkg.devDependencies['playwright-core']).toBeDefined();
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    // No production package pulls it in either.
    expect(lock.packages['node_modules/playwright-core']?.dev).toBe(true);
  });

  it('no file of the desktop shell imports it (the PDF comes from printToPDF)', () => {
    const dir = path.join(ROOT, 'electron');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
      expect(readFileSync(path.join(dir, f), 'utf8'), f).not.toMatch(/playwright/);
    }
    expect(readFileSync(path.join(dir, 'main.ts'), 'utf8')).toContain('printToPDF(');
  });

  it('the packaging tools are pinned devDependencies', () => {
    for (const name of ['electron-builder', '@electron/fuses']) {
      expect(pkg.devDependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(pkg.dependencies[name], name).toBeUndefined();
    }
  });
});

describe('Electron fuses', () => {
  it('the list the issue asks for, nothing else', () => {
    expect(FUSES).toEqual({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    });
  });

  it('afterPack flips them in the packed binary (a stand-in with Electron’s fuse wire)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cp-fuses-'));
    const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
    // Electron's defaults: RunAsNode, NODE_OPTIONS, --inspect and file:// privileges on; the rest off.
    const wire = '10110001';
    const binary = Buffer.concat([
      Buffer.from('\x7fELF junk before'),
      Buffer.from(SENTINEL),
      Buffer.from([1, wire.length]),
      Buffer.from(wire),
      Buffer.from('junk after'),
    ]);
    await writeFile(path.join(dir, 'clusterplan'), binary);
    const context = {
      appOutDir: dir,
      electronPlatformName: 'linux',
      arch: 1,
      packager: { executableName: 'clusterplan', appInfo: { productFilename: 'ClusterPlan' } },
    };
    await flipAppFuses(context);
    const after = await getCurrentFuseWire(path.join(dir, 'clusterplan'));
    const wireNow = after as unknown as Record<number, number>;
    const state = (o: number) => String.fromCharCode(wireNow[o] ?? 0);
    expect(state(FuseV1Options.RunAsNode)).toBe('0');
    expect(state(FuseV1Options.EnableCookieEncryption)).toBe('1');
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0');
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0');
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1');
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1');
    // Fuses the app does not set keep Electron's value.
    expect(state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot)).toBe('0');
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe('1');
    // Only the wire changed.
    const out = await readFile(path.join(dir, 'clusterplan'));
    expect(out.length).toBe(binary.length);
  });

  it('finds the Electron binary where electron-builder puts it on each platform', () => {
    const packager = { executableName: 'clusterplan', appInfo: { productFilename: 'ClusterPlan' } };
    const at = (electronPlatformName: string) =>
      electronBinaryPath({ appOutDir: '/out', electronPlatformName, packager });
    expect(at('darwin')).toBe('/out/ClusterPlan.app');
    expect(at('win32')).toBe('/out/ClusterPlan.exe');
    expect(at('linux')).toBe('/out/clusterplan');
  });
});
