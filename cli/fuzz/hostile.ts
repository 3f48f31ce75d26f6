/**
 * Hostile scenario files through the one reader (model/files `readScenarioFile`, which the
 * desktop app, the browser, the CLI and the tests all use). Each file is a valid file with one
 * known defect, so every one must be refused with a message; a few controls (a valid file, the
 * same with a UTF-8 byte-order mark) must be accepted. Counted: crashes (the reader threw),
 * silent acceptances (a defective file read as valid), wrong refusals of the controls.
 * Deterministic for a seed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../../model/analysis/prng';
import { MAX_OPEN_SCENARIOS, readScenarioFile, serializeScenarioFile } from '../../model/files';

type Rng = () => number;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)] as T;
}

/** Valid scenario files: each example, and workspaces of 1–8 of their scenarios. */
export function validFiles(rng: Rng, count = 40): string[] {
  const dir = path.join(ROOT, 'examples');
  const docs: Json[] = [];
  const files: string[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    const r = readScenarioFile(text);
    if (!r.ok) continue;
    files.push(text);
    docs.push(...(r.contents.documents as Json[]));
  }
  for (let i = 0; i < count; i++) {
    const n = 1 + Math.floor(rng() * MAX_OPEN_SCENARIOS);
    const list = Array.from({ length: n }, () => pick(rng, docs));
    files.push(serializeScenarioFile(list as Record<string, unknown>[], Math.floor(rng() * n)));
  }
  return files.filter((t) => readScenarioFile(t).ok);
}

type Node = {
  readonly parent: Json[] | { [k: string]: Json } | null;
  readonly key: string | number | null;
  readonly value: Json;
};

/** Every node of a JSON value with its parent (for in-place mutation). */
function nodes(root: Json): Node[] {
  const out: Node[] = [{ parent: null, key: null, value: root }];
  for (let i = 0; i < out.length; i++) {
    const v = out[i]!.value;
    if (Array.isArray(v)) v.forEach((x, j) => out.push({ parent: v, key: j, value: x }));
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) out.push({ parent: v, key: k, value: x });
    }
  }
  return out;
}

function setNode(n: Node, value: Json): void {
  if (n.parent === null) return;
  (n.parent as Record<string | number, Json>)[n.key as string | number] = value;
}

const BIDI = ['\u202E', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200F', '\u061C'];

/** The kinds of defect; each yields text that must be refused. */
export const HOSTILE_KINDS = [
  'forbidden-key',
  'deep-nesting',
  'number-overflow',
  'unknown-field',
  'wrong-type',
  'out-of-range',
  'wrong-format',
  'bad-baseline',
  'too-many-scenarios',
  'no-scenarios',
  'bidi-text',
  'truncated',
  'garbage',
  'unknown-catalog-key',
  'negative-catalog-value',
  'unknown-catalog-id',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** Leaves that are numbers, excluding the envelope's `baseline` (its own kind covers it). */
function numberLeaves(all: Node[]): Node[] {
  return all.filter((n) => typeof n.value === 'number' && n.key !== 'baseline');
}

function scenariosOf(doc: Json): { [k: string]: Json }[] {
  if (
    doc !== null &&
    typeof doc === 'object' &&
    !Array.isArray(doc) &&
    Array.isArray(doc['scenarios'])
  ) {
    return doc['scenarios'] as { [k: string]: Json }[];
  }
  return [doc as { [k: string]: Json }];
}

/**
 * One hostile file of `kind` made from a valid file's text.
 * @returns the text, or null when this file offers nothing to mutate for that kind
 */
export function makeHostile(rng: Rng, valid: string, kind: HostileKind): string | null {
  const doc = JSON.parse(valid) as Json;
  const all = nodes(doc);
  const objects = all.filter(
    (n) => n.value !== null && typeof n.value === 'object' && !Array.isArray(n.value),
  );
  switch (kind) {
    case 'forbidden-key': {
      const target = pick(rng, objects).value as { [k: string]: Json };
      const key = pick(rng, ['__proto__', 'constructor', 'prototype']);
      // JSON.stringify drops a __proto__ set by assignment: write the key into the text.
      target['zz_marker'] = 0;
      return JSON.stringify(doc).replace('"zz_marker":0', `"${key}":{"polluted":true}`);
    }
    case 'deep-nesting': {
      const depth = 65 + Math.floor(rng() * 5000);
      setNode(
        pick(
          rng,
          all.filter((n) => n.parent !== null),
        ),
        424242.25,
      );
      return JSON.stringify(doc).replace('424242.25', `${'['.repeat(depth)}0${']'.repeat(depth)}`);
    }
    case 'number-overflow': {
      const leaves = numberLeaves(all);
      if (leaves.length === 0) return null;
      const n = pick(rng, leaves);
      setNode(n, 424242.5);
      return JSON.stringify(doc).replace(
        '424242.5',
        pick(rng, ['1e400', '-1e999', '9'.repeat(400)]),
      );
    }
    case 'unknown-field': {
      const target = pick(rng, objects).value as { [k: string]: Json };
      target[pick(rng, ['gpuCount', 'tdpw', 'entires', 'Name', 'x', 'scenarioz', 'priceUSD'])] =
        pick(rng, [1, 'x', true, null]);
      return JSON.stringify(doc);
    }
    case 'wrong-type': {
      const leaves = all.filter(
        (n) => n.parent !== null && n.key !== 'baseline' && typeof n.value !== 'object',
      );
      const n = pick(rng, leaves);
      const v = n.value;
      // "auto" stands for a number or a boolean (orAuto fields): an array is never either.
      setNode(
        n,
        v === 'auto'
          ? []
          : typeof v === 'string'
            ? 12
            : typeof v === 'number'
              ? String(v)
              : typeof v === 'boolean'
                ? 'true'
                : 'x',
      );
      return JSON.stringify(doc);
    }
    case 'out-of-range': {
      const leaves = numberLeaves(all).filter((n) => n.key !== 'schemaVersion');
      if (leaves.length === 0) return null;
      // Beyond every field's range (the widest allow ±1e16).
      setNode(pick(rng, leaves), pick(rng, [-1e308, 1e308]));
      return JSON.stringify(doc);
    }
    case 'wrong-format': {
      const s = scenariosOf(doc);
      return JSON.stringify({
        format: pick(rng, ['clusterplan-scenario', 'Clusterplan-scenarios', '', 'x']),
        baseline: 0,
        scenarios: s,
      });
    }
    case 'bad-baseline': {
      const s = scenariosOf(doc);
      return JSON.stringify({
        format: 'clusterplan-scenarios',
        baseline: pick(rng, [s.length, -1, 0.5, '0', null, 1e9]),
        scenarios: s,
      });
    }
    case 'too-many-scenarios': {
      const s = scenariosOf(doc);
      const n = MAX_OPEN_SCENARIOS + 1 + Math.floor(rng() * 20);
      return JSON.stringify({
        format: 'clusterplan-scenarios',
        baseline: 0,
        scenarios: Array.from({ length: n }, () => pick(rng, s)),
      });
    }
    case 'no-scenarios':
      return JSON.stringify({
        format: 'clusterplan-scenarios',
        baseline: 0,
        scenarios: pick(rng, [[], null, {}, 'x']),
      });
    case 'bidi-text': {
      const strings = all.filter(
        (n) => typeof n.value === 'string' && n.parent !== null && n.key !== 'format',
      );
      const n = pick(rng, strings);
      const s = n.value as string;
      const at = Math.floor(rng() * (s.length + 1));
      setNode(n, s.slice(0, at) + pick(rng, BIDI) + s.slice(at));
      return JSON.stringify(doc);
    }
    case 'truncated': {
      const t = valid.trimEnd();
      return t.slice(0, Math.floor(rng() * (t.length - 1)));
    }
    case 'garbage': {
      const n = 1 + Math.floor(rng() * 2000);
      let out = '';
      for (let i = 0; i < n; i++) out += String.fromCharCode(Math.floor(rng() * 0xffff));
      return pick(rng, [out, `{${out}`, `[${out}]`, `\uFEFF${out}`]);
    }
    case 'unknown-catalog-key':
    case 'negative-catalog-value':
    case 'unknown-catalog-id': {
      const s = pick(rng, scenariosOf(doc));
      if (kind === 'unknown-catalog-id') {
        const where = pick(rng, [
          ['facility', 'presetId'],
          ['facility', 'electricityId'],
          ['facility', 'carbonId'],
          ['facility', 'colocationId'],
          ['facility', 'constructionId'],
          ['finance', 'cloudPriceId'],
          ['cluster', 'compute', 'acceleratorId'],
        ]);
        let o = s as { [k: string]: Json };
        for (const k of where.slice(0, -1)) {
          if (typeof o[k] !== 'object' || o[k] === null) o[k] = {};
          o = o[k] as { [k: string]: Json };
        }
        o[where[where.length - 1]!] = `no-such-${Math.floor(rng() * 1e6)}`;
        // A given price overrides some ids; drop it so the id is read.
        const fac = s['facility'] as { [k: string]: Json } | undefined;
        if (fac)
          for (const k of [
            'priceUsdPerKwh',
            'peakOffPeak',
            'carbonGPerKwh',
            'colocationUsdPerKwMonth',
            'constructionUsdPerW',
          ])
            delete fac[k];
        return JSON.stringify(doc);
      }
      const entry =
        kind === 'unknown-catalog-key'
          ? {
              kind: 'acceleratorPower',
              id: 'h100-sxm',
              date: '2026',
              fields: { [pick(rng, ['tdpw', 'TDPW', 'priceUSD', 'idle'])]: 500 },
            }
          : {
              kind: pick(rng, ['cable', 'nic', 'acceleratorPower', 'transceiver']),
              id: pick(rng, ['fiber-mpo', 'connectx-7', 'h100-sxm', 'osfp-400g']),
              date: '2026',
              fields: { powerW: -1 - rng() * 1000, tdpW: -1 - rng() * 1000 },
            };
      s['userCatalog'] = { entries: [entry] };
      return JSON.stringify(doc);
    }
  }
}

export type HostileReport = {
  readonly files: number;
  readonly crashes: number;
  readonly silentAcceptances: number;
  /** Valid controls (as is, with a byte-order mark) refused: must be 0. */
  readonly controlsRefused: number;
  readonly controls: number;
  readonly byKind: Readonly<Record<string, number>>;
  /** One example per failure kind (first 300 characters of the text). */
  readonly examples: readonly string[];
  readonly ms: number;
};

/** Read `count` hostile files (and a control every 50) through the one reader. */
export function fuzzHostileFiles(seed: number, count: number): HostileReport {
  const rng = mulberry32(seed);
  const valid = validFiles(rng);
  const byKind: Record<string, number> = {};
  const examples: string[] = [];
  let files = 0;
  let crashes = 0;
  let silent = 0;
  let controls = 0;
  let controlsRefused = 0;
  const t0 = performance.now();
  while (files < count) {
    const base = pick(rng, valid);
    if (files % 50 === 0) {
      controls += 2;
      for (const text of [base, `\uFEFF${base}`]) {
        try {
          if (!readScenarioFile(text).ok) controlsRefused++;
        } catch {
          crashes++;
        }
      }
    }
    const kind = pick(rng, HOSTILE_KINDS);
    const text = makeHostile(rng, base, kind);
    if (text === null) continue;
    files++;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    try {
      const r = readScenarioFile(text);
      if (r.ok) {
        silent++;
        if (examples.length < 10) examples.push(`accepted ${kind}: ${text.slice(0, 300)}`);
      } else if (typeof r.error !== 'string' || r.error.length === 0) {
        silent++;
        if (examples.length < 10) examples.push(`refused without a message ${kind}`);
      }
    } catch (e) {
      crashes++;
      if (examples.length < 10) examples.push(`crash ${kind}: ${String(e).slice(0, 200)}`);
    }
  }
  return {
    files,
    crashes,
    silentAcceptances: silent,
    controls,
    controlsRefused,
    byKind,
    examples,
    ms: performance.now() - t0,
  };
}
