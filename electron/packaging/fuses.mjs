// Electron fuses, flipped in the packaged app's Electron binary at package time (electron-builder
// `afterPack`, before signing) with @electron/fuses. https://www.electronjs.org/docs/latest/tutorial/fuses
//
// - RunAsNode off: ELECTRON_RUN_AS_NODE cannot turn the signed app into a plain Node.
// - EnableNodeOptionsEnvironmentVariable off: NODE_OPTIONS cannot inject code or flags.
// - EnableNodeCliInspectArguments off: --inspect / --inspect-brk are ignored (no debugger attach).
// - EnableCookieEncryption on: the cookie store is encrypted with the OS key store.
// - EnableEmbeddedAsarIntegrityValidation on: app.asar must match the hash embedded at package
//   time (macOS and Windows; electron-builder embeds it).
// - OnlyLoadAppFromAsar on: the app loads only from app.asar, never from an app/ folder beside it.
import electronFuses from '@electron/fuses';

const { flipFuses, FuseVersion, FuseV1Options } = electronFuses;

/** The fuses the app sets (names of @electron/fuses `FuseV1Options`); the rest keep Electron's default. */
export const FUSES = Object.freeze({
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableCookieEncryption: true,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
});

/** electron-builder's `Arch` values (builder-util) the hook reads. */
const ARCH_ARM64 = 3;
const ARCH_UNIVERSAL = 4;

/**
 * The @electron/fuses configuration of {@link FUSES}.
 * @param {{ resetAdHocDarwinSignature?: boolean }} options - macOS arm64 binaries must be
 *   ad-hoc re-signed after flipping (they refuse to start with a broken signature otherwise)
 */
export function fuseConfig(options = {}) {
  const config = {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: options.resetAdHocDarwinSignature === true,
  };
  for (const [name, value] of Object.entries(FUSES)) {
    const option = FuseV1Options[name];
    if (typeof option !== 'number') throw new Error(`unknown Electron fuse ${name}`);
    config[option] = value;
  }
  return config;
}

/**
 * The Electron binary of a packed app, as electron-builder lays it out: `<product>.app` on
 * macOS (@electron/fuses finds the framework inside), `<product>.exe` on Windows, the
 * executable name on Linux.
 */
export function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') {
    return `${appOutDir}/${packager.appInfo.productFilename}.app`;
  }
  if (electronPlatformName === 'win32')
    return `${appOutDir}/${packager.appInfo.productFilename}.exe`;
  return `${appOutDir}/${packager.executableName ?? packager.appInfo.productFilename}`;
}

/** electron-builder `afterPack` hook: flip {@link FUSES} in the packed app's Electron binary. */
export async function flipAppFuses(context) {
  const darwinArm =
    (context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas') &&
    (context.arch === ARCH_ARM64 || context.arch === ARCH_UNIVERSAL);
  await flipFuses(
    electronBinaryPath(context),
    fuseConfig({ resetAdHocDarwinSignature: darwinArm }),
  );
}
