/**
 * Stand-in for `d3-color` in the renderer (aliased in vite.config.ts). The chart library's
 * scales reach it only through d3-interpolate's generic interpolator, which treats a string end
 * value as a colour when `color()` parses it; every ClusterPlan chart scale maps numbers to
 * pixel positions (numbers) and no chart interpolates colours, so the renderer ships this
 * instead of the library (about 4 KB gzipped). `color()` parses nothing (a string then
 * interpolates as text with embedded numbers, d3's own fallback); the colour spaces throw, naming
 * the cause. test/build/d3StandIns.test.ts checks every name d3-interpolate imports is here and
 * that the scales the charts use give the library's results.
 */

function noColours(): never {
  throw new Error(
    'colour interpolation is not part of the renderer build (renderer/vendor/d3-color-none)',
  );
}

/** d3-color's parser: no colour (null) for every input. */
export function color(_specifier?: unknown): null {
  return null;
}

export const rgb = noColours;
export const hsl = noColours;
export const lab = noColours;
export const hcl = noColours;
export const cubehelix = noColours;
