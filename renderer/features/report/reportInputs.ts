import type { CatalogAssumption, InputAssumption } from '../../../model/report';
import { DEFAULT_SOURCES } from '../../../model/scenario/defaultSources';
import { fieldText, humanize } from '../scenarios/fieldText';
import { SECTIONS, sectionOf, splitPath } from '../scenarios/issueText';

/**
 * The report's inputs in the reader's words: each input under its label and unit (never its
 * field path), grouped by the editor's sections, its source and date as a numbered reference,
 * user overrides marked. Inputs no build sets (the engine derives them) are listed by label in
 * one line per section. Pure.
 */

/** One numbered reference: where values come from, with the date of the source. */
export type InputReference = {
  readonly n: number;
  readonly source: string;
  /** A date (YYYY, YYYY-MM or YYYY-MM-DD), or '' where the source has none. */
  readonly date: string;
};

export type InputCell = { readonly text: string; readonly user: boolean } | null;

export type InputRow = {
  readonly key: string;
  readonly label: string;
  readonly unit: string;
  readonly values: readonly InputCell[];
  /** Reference number, or null for a value set in the scenario (marked on the cell). */
  readonly ref: number | null;
};

export type InputSection = {
  readonly title: string;
  readonly rows: readonly InputRow[];
  /** Labels of the inputs no build sets (left to the engine or not applicable). */
  readonly notSet: readonly string[];
};

export type ReportInputs = {
  readonly sections: readonly InputSection[];
  readonly references: readonly InputReference[];
  /** Reference of values set in the scenarios (the report date). */
  readonly userRef: InputReference;
  /** Per catalog row (same order as given), the reference numbers of its sources. */
  readonly catalogRefs: readonly (readonly number[])[];
};

/** Section paths, longest first, so a field's path after its section is its label trail. */
const SECTION_PATHS = [...SECTIONS]
  .map((s) => ({ title: s.title, path: s.path as readonly string[] }))
  .sort((a, b) => b.path.length - a.path.length);

/**
 * The label of an input, in words: the keys after its section, each as its label
 * (`workload.model.ffnHiddenSize` → `Model › FFN hidden size`).
 */
export function inputLabel(path: string): { section: string; label: string } {
  const keys = splitPath(path).filter((k) => !/^\d+$/.test(k));
  const section = SECTION_PATHS.find((s) => s.path.every((k, i) => keys[i] === k));
  const rest = section ? keys.slice(section.path.length) : keys;
  const words = rest.map((_, i) => fieldText(rest.slice(0, i + 1)).label);
  return {
    section: section?.title ?? sectionOf(path),
    label: words.length === 0 ? (section?.title ?? 'Scenario') : words.join(' › '),
  };
}

/** An input value as text: yes/no, numbers with separators, lists and ids as they are. */
export function inputValueText(v: string | number | boolean | null, fmt: (n: number) => string) {
  if (v === null) return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return fmt(v);
  return v === '' ? '—' : v;
}

/** A source's date when it is one (YYYY, YYYY-MM or YYYY-MM-DD), else ''. */
function dateOf(date: string): string {
  return /^\d{4}(-\d{2}){0,2}$/.test(date) ? date : '';
}

/**
 * Group and label the report's inputs.
 * @param rows - `content.assumptions.inputs`
 * @param reportDate - the date of values set in the scenarios
 * @param fmt - number format of the values
 * @param currency - the builds' currency where they share one (money units say it instead of USD)
 */
export function reportInputs(
  rows: readonly InputAssumption[],
  reportDate: string,
  fmt: (n: number) => string,
  currency: string | null,
  catalog: readonly CatalogAssumption[] = [],
): ReportInputs {
  const userRef: InputReference = {
    n: 1,
    source: 'Set in the scenario (a user override, marked *)',
    date: reportDate,
  };
  const refs: InputReference[] = [userRef];
  let undated: InputReference | null = null;
  const refOf = (source: string, date: string): number => {
    const hit = refs.find((r) => r.source === source && r.date === date);
    if (hit) return hit.n;
    const ref = { n: refs.length + 1, source, date };
    refs.push(ref);
    return ref.n;
  };
  const sections = new Map<string, { rows: InputRow[]; notSet: string[] }>();
  for (const s of SECTIONS) sections.set(s.title, { rows: [], notSet: [] });
  for (const row of rows) {
    const { section, label } = inputLabel(row.path);
    let slot = sections.get(section);
    if (!slot) {
      slot = { rows: [], notSet: [] };
      sections.set(section, slot);
    }
    const anyValue = row.values.some((v) => v !== null && v.value !== null && v.value !== '');
    const anyUser = row.values.some((v) => v?.user === true);
    if (!anyValue && !anyUser) {
      slot.notSet.push(label);
      continue;
    }
    const keys = splitPath(row.path);
    const text = fieldText(keys);
    let unit = text.unit || row.unit;
    if (currency && currency !== 'USD') unit = unit.replace(/\bUSD\b/g, currency);
    const allUser = row.values.every((v) => v === null || v.user);
    let ref: number | null = null;
    if (!allUser) {
      // The default's documented source (model/scenario/defaultSources), else a convention.
      const def = DEFAULT_SOURCES[row.path];
      if (def) ref = refOf(def.source, dateOf(def.date));
      else {
        undated ??= {
          n: refs.length + 1,
          source: 'ClusterPlan default: a planning convention with no published figure behind it',
          date: '',
        };
        if (!refs.includes(undated)) refs.push(undated);
        ref = undated.n;
      }
    }
    slot.rows.push({
      key: row.path,
      label,
      unit,
      values: row.values.map((v) =>
        v === null ? null : { text: inputValueText(v.value, fmt), user: v.user },
      ),
      ref,
    });
  }
  return {
    sections: [...sections.entries()]
      .filter(([, s]) => s.rows.length > 0 || s.notSet.length > 0)
      .map(([title, s]) => ({ title, rows: s.rows, notSet: s.notSet })),
    // Each catalog number's sources as reference numbers (its date is in the catalog table).
    catalogRefs: catalog.map((c) => c.sources.map((src) => refOf(src, ''))),
    references: refs,
    userRef,
  };
}

/** A catalog field in words (`denseTflops.bf16` → `Dense TFLOPS › Bf16`); labels pass through. */
export function catalogFieldLabel(field: string): string {
  if (/\s/.test(field)) return field;
  const keys = splitPath(field);
  return keys.map((_, i) => fieldText(keys.slice(0, i + 1)).label).join(' › ');
}

/** A field path inside a source's text (not inside a URL or host name). */
const PATH_IN_SOURCE =
  /(?<![\w/.:-])(?:workload|cluster|storage|facility|finance|reliability|calibration)(?:\.[A-Za-z][A-Za-z0-9]*)+/g;

/**
 * A source or rule text with the field paths it names in words: `(finance.fxPerUsd)` →
 * `(“FX per USD” in Finance)`.
 */
export function sourceInWords(text: string): string {
  return text.replace(PATH_IN_SOURCE, (p) => {
    const full = p.startsWith('storage.') ? `cluster.${p}` : p;
    const { section, label } = inputLabel(full);
    return `“${label}” in ${section}`;
  });
}

/** A catalog row's item in words: a catalog entry by kind and id; a default or rule by what it is. */
export function catalogItemText(kind: string, itemId: string): string {
  if (kind === 'default') return 'ClusterPlan default';
  if (kind === 'rule') return 'Derived (rule)';
  return `${humanize(kind)} ${itemId}`;
}
