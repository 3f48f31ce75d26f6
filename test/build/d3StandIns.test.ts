import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type * as D3Scale from 'd3-scale';
import { describe, expect, it } from 'vitest';
import * as colorNone from '../../renderer/vendor/d3-color-none';
import * as timeNone from '../../renderer/vendor/d3-time-none';

const require = createRequire(import.meta.url);

/** A package's ES module entry, as the renderer build resolves it (its `default` export). */
function esEntry(pkg: string): string {
  return require.resolve(pkg);
}

/** The names a module's source imports from `from`. */
function importedNames(file: string, from: string): string[] {
  const src = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    if (m[2] !== from) continue;
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p, ext);
    return ext.test(name) ? [p] : [];
  });
}

const STAND_INS = ['d3-color', 'd3-time', 'd3-time-format'] as const;

type Scales = typeof D3Scale;

/** d3-scale bundled as the renderer build bundles it, with or without the stand-ins' aliases. */
async function bundledScales(standIns: boolean): Promise<Scales> {
  const out = await build({
    stdin: { contents: "export * from 'd3-scale';", resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    alias: standIns
      ? {
          'd3-color': './renderer/vendor/d3-color-none/index.ts',
          'd3-time': './renderer/vendor/d3-time-none/index.ts',
          'd3-time-format': './renderer/vendor/d3-time-none/index.ts',
        }
      : {},
  });
  const dir = mkdtempSync(join(tmpdir(), 'd3-stand-ins-'));
  const file = join(dir, 'scales.mjs');
  writeFileSync(file, out.outputFiles[0]?.text ?? '');
  try {
    return (await import(pathToFileURL(file).href)) as Scales;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Figures of the scale kinds the charts use (and a string range, which no chart uses). */
function figures(d3: Scales): unknown {
  const linear = d3.scaleLinear().domain([0, 137.5]).range([0, 480]).nice();
  const log = d3.scaleLog().domain([1, 52_000]).range([300, 0]);
  const band = d3.scaleBand().domain(['H100', 'B200', 'MI300X']).range([0, 600]).padding(0.1);
  const point = d3.scalePoint().domain(['a', 'b', 'c']).range([0, 90]);
  const round = d3.scaleLinear().domain([-3, 7]).rangeRound([0, 333]);
  return {
    linear: [
      linear.domain(),
      linear(42.1),
      linear.invert(200),
      linear.ticks(5),
      linear.ticks(5).map(linear.tickFormat(5)),
    ],
    log: [log(10), log(999), log.ticks(), log.ticks().map(log.tickFormat(6, '~s'))],
    band: [band('B200'), band.bandwidth(), band.step()],
    point: [point('c'), point.step()],
    round: [round(1.23), round(6.99), round.ticks(10)],
    // A string range still interpolates the numbers in its strings (d3's own fallback).
    text: d3.scaleLinear<string>().domain([0, 1]).range(['0px', '10px'])(0.25),
  };
}

describe('renderer build: d3 time and colour stand-ins', () => {
  it('export every name the chart library imports from d3-time, d3-time-format and d3-color', () => {
    const scale = esEntry('d3-scale');
    const interpolate = esEntry('d3-interpolate');
    const time = importedNames(scale, 'd3-time');
    const format = importedNames(scale, 'd3-time-format');
    const colour = importedNames(interpolate, 'd3-color');
    // The parse finds the imports (else the check below would pass on nothing).
    expect(time).toContain('timeTicks');
    expect(format).toEqual(expect.arrayContaining(['timeFormat', 'utcFormat']));
    expect(colour).toEqual(expect.arrayContaining(['color', 'rgb']));
    for (const n of [...time, ...format]) expect(timeNone, n).toHaveProperty(n);
    for (const n of colour) expect(colorNone, n).toHaveProperty(n);
  });

  it('are reached only through d3-scale and d3-interpolate: recharts imports no other d3 module that uses them', () => {
    const recharts = join(dirname(require.resolve('recharts/package.json')), 'es6');
    const vendor = new Set<string>();
    for (const f of files(recharts, /\.js$/)) {
      for (const m of readFileSync(f, 'utf8').matchAll(
        /from\s*["'](victory-vendor\/[^"']+|d3-[a-z-]+)["']/g,
      ))
        vendor.add(m[1] ?? '');
    }
    expect([...vendor].sort()).toEqual(['victory-vendor/d3-scale', 'victory-vendor/d3-shape']);
    // d3-shape (and the d3 modules d3-scale imports) import none of the replaced modules.
    for (const pkg of ['d3-shape', 'd3-path', 'd3-array', 'd3-format']) {
      const src = readFileSync(esEntry(pkg), 'utf8');
      for (const s of STAND_INS)
        expect(src, `${pkg} imports ${s}`).not.toMatch(new RegExp(`from ["']${s}["']`));
    }
  });

  it('no renderer source asks for a time axis, a colour scale or d3 itself', () => {
    const offenders = files('renderer', /\.tsx?$/)
      .filter((f) => !f.includes(join('renderer', 'vendor')))
      .filter((f) =>
        /scale=["'{](time|utc)|scaleTime|scaleUtc|scaleSequential|scaleDiverging|from ["']d3-|victory-vendor/.test(
          readFileSync(f, 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('throw, naming the cause, when a time or colour function is used', () => {
    expect(() => timeNone.timeTicks()).toThrow(/time scales are not part of the renderer build/);
    expect(() => timeNone.timeDay.every()).toThrow(/time scales/);
    expect(() => colorNone.rgb()).toThrow(/colour interpolation is not part of the renderer build/);
    expect(colorNone.color('steelblue')).toBeNull();
  });

  it('the scales the charts use give the library’s results (linear, log, band, point; ticks and tick formats)', async () => {
    const d3Library = await bundledScales(false);
    const d3WithStandIns = await bundledScales(true);
    // The stand-ins are in force: a time scale now throws when asked for ticks.
    expect(() => d3WithStandIns.scaleTime().ticks()).toThrow(/time scales/);
    expect(() => d3Library.scaleTime().ticks()).not.toThrow();
    expect(figures(d3WithStandIns)).toEqual(figures(d3Library));
  });
});
