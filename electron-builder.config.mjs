// Installers: `npm run dist` (electron-builder) after `npm run build`. Needs the internet to
// fetch Electron for each target, so it runs on a build machine, not here (README.md, "Desktop
// installers"). test/electron/packaging.test.ts checks this configuration and the fuse list.
import { flipAppFuses } from './electron/packaging/fuses.mjs';

/** Reverse-DNS id (macOS bundle id, Windows AppUserModelID, Linux desktop file). */
export const APP_ID = 'org.clusterplan.desktop';

/** The document type registered with the system: a double-click opens it in the running app. */
export const SCENARIO_FILE_ASSOCIATION = {
  ext: 'clusterplan',
  name: 'ClusterPlan scenarios',
  description: 'ClusterPlan scenario file',
  mimeType: 'application/x-clusterplan+json',
  role: 'Editor',
  rank: 'Owner',
};

/** @type {import('electron-builder').Configuration} */
const config = {
  appId: APP_ID,
  productName: 'ClusterPlan',
  copyright: 'Copyright © ClusterPlan contributors',
  directories: { output: 'release', buildResources: 'electron/resources' },
  // Main, preload and renderer are bundled by Vite (`npm run build`): the app needs nothing else.
  // Dev-only packages (playwright-core for the CLI's PDF, electron-builder, test tools) are
  // devDependencies and never copied.
  files: ['dist/**/*', 'dist-electron/**/*', 'package.json', '!**/*.map'],
  extraMetadata: { main: 'dist-electron/main.cjs' },
  asar: true,
  npmRebuild: false,
  afterPack: flipAppFuses,
  icon: 'electron/resources/icon.png',
  fileAssociations: [SCENARIO_FILE_ASSOCIATION],
  mac: {
    target: [{ target: 'dmg', arch: ['universal'] }],
    category: 'public.app-category.productivity',
    hardenedRuntime: true,
    // Signing and notarisation read CSC_LINK / CSC_KEY_PASSWORD and APPLE_ID /
    // APPLE_APP_SPECIFIC_PASSWORD / APPLE_TEAM_ID from the environment of the build machine.
    notarize: process.env.APPLE_TEAM_ID ? true : false,
  },
  dmg: { title: 'ClusterPlan ${version}' },
  win: {
    target: [{ target: 'nsis', arch: ['x64', 'arm64'] }],
    // Signing reads CSC_LINK / CSC_KEY_PASSWORD (or WIN_CSC_LINK) from the environment.
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
  },
  linux: {
    target: [
      { target: 'AppImage', arch: ['x64', 'arm64'] },
      { target: 'deb', arch: ['x64', 'arm64'] },
    ],
    category: 'Office',
    maintainer: 'ClusterPlan contributors',
    synopsis: 'Capacity planning and TCO for AI clusters',
  },
};

export default config;
