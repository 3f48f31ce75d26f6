import { fieldText } from './fieldText';

/**
 * Problems and warnings in the user's words: a field path (`cluster.storage.node.cpuCoresPerNode`)
 * becomes the field's label and the part of the scenario it is in ("CPU cores per node" in
 * Storage), in the place a problem is listed and inside the message text, so no internal path
 * reaches a screen, a report or the CLI's workbook. The editor (renderer/features/scenarios)
 * shows its sections under these titles.
 */

/** The scenario's parts as the editor's sections show them, in order, with their document paths. */
export const SCENARIO_SECTIONS = [
  { id: 'workload', title: 'Workload', path: ['workload'] },
  { id: 'compute', title: 'Compute', path: ['cluster', 'compute'] },
  { id: 'network', title: 'Network', path: ['cluster', 'network'] },
  { id: 'storage', title: 'Storage', path: ['cluster', 'storage'] },
  { id: 'reliability', title: 'Reliability', path: ['reliability'] },
  { id: 'facility', title: 'Facility', path: ['facility'] },
  { id: 'finance', title: 'Finance', path: ['finance'] },
] as const;

/** Parts of the document outside the sections, by their first key. */
const OTHER_PLACES: Readonly<Record<string, string>> = {
  name: 'Scenario',
  description: 'Scenario',
  schemaVersion: 'File',
  userCatalog: 'User catalog',
  calibration: 'Calibration',
  '(root)': 'Scenario',
};

/** `a.b[2].c` → `['a','b','2','c']`. */
export function splitPath(path: string): string[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((k) => k !== '');
}

/** The editor section (or other part) a document path is in. */
export function sectionOf(path: string): string {
  const keys = splitPath(path);
  for (const s of SCENARIO_SECTIONS) {
    if (s.path.every((k, i) => keys[i] === k)) return s.title;
  }
  return OTHER_PLACES[keys[0] ?? '(root)'] ?? 'Scenario';
}

/** The label of the field at a document path (its last named key). */
export function labelOf(path: string): string {
  const keys = splitPath(path).filter((k) => !/^\d+$/.test(k));
  if (keys.length === 0) return 'Scenario';
  return fieldText(keys).label;
}

/** Where a problem is, in words: `Storage › CPU cores per node`. */
export function placeOf(path: string): string {
  const section = sectionOf(path);
  const label = labelOf(path);
  return section === label ? section : `${section} › ${label}`;
}

/**
 * Field paths a message names. Messages written for files and the CLI name fields by their path;
 * some name a storage field from `storage.` on.
 */
const PATH_IN_TEXT =
  /\b(?:workload|cluster|storage|facility|finance|reliability|calibration|userCatalog)(?:\.[A-Za-z][A-Za-z0-9]*|\[\d+\])+/g;

/** A field's key alone in a message (`attentionHeads`, `computeShare`): camel case. */
const KEY_IN_TEXT = /(?<![\w.“])[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+(?![\w”])/g;

/**
 * A message with every field path it names replaced by “label” in Section, and every field key
 * it names alone (`must divide attentionHeads`) by “label”.
 */
export function inUserWords(message: string): string {
  return message
    .replace(PATH_IN_TEXT, (p) => {
      const full = p.startsWith('storage.') ? `cluster.${p}` : p;
      return `“${labelOf(full)}” in ${sectionOf(full)}`;
    })
    .replace(KEY_IN_TEXT, (k) => `“${fieldText([k]).label}”`);
}

export type IssueText = { readonly place: string; readonly label: string; readonly text: string };

/** A problem as the user reads it: where, the field's label and the message in words. */
export function describeIssue(issue: {
  readonly path: string;
  readonly message: string;
}): IssueText {
  return {
    place: placeOf(issue.path),
    label: labelOf(issue.path),
    text: inUserWords(issue.message),
  };
}
