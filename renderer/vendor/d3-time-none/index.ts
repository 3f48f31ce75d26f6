/**
 * Stand-ins for `d3-time` and `d3-time-format` in the renderer (aliased in vite.config.ts). The
 * chart library's scale module (d3-scale) imports them only for its time scales (`scaleTime`,
 * `scaleUtc`), which build a calendar of intervals and formats when called; no ClusterPlan chart
 * has a time axis (every axis is a number, a log or a category: test/build/d3TimeNone.test.ts
 * checks the renderer's sources), so the renderer ships these instead of the two libraries
 * (about 4 KB gzipped). Each name d3-scale imports is here; any use throws, naming the cause.
 */

function noTimeScales(): never {
  throw new Error('time scales are not part of the renderer build (renderer/vendor/d3-time-none)');
}

/** An interval or tick function of d3-time, as d3-scale imports it: throws when used. */
const interval = Object.assign(noTimeScales, {
  every: noTimeScales,
  floor: noTimeScales,
  ceil: noTimeScales,
  offset: noTimeScales,
  range: noTimeScales,
  count: noTimeScales,
});

export const timeSecond = interval;
export const timeMinute = interval;
export const timeHour = interval;
export const timeDay = interval;
export const timeWeek = interval;
export const timeMonth = interval;
export const timeYear = interval;
export const timeTickInterval = noTimeScales;
export const timeTicks = noTimeScales;
export const utcSecond = interval;
export const utcMinute = interval;
export const utcHour = interval;
export const utcDay = interval;
export const utcWeek = interval;
export const utcMonth = interval;
export const utcYear = interval;
export const utcTickInterval = noTimeScales;
export const utcTicks = noTimeScales;
export const timeFormat = noTimeScales;
export const utcFormat = noTimeScales;
