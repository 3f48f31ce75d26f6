/**
 * A metric is a figure the engine reports: a stable snake_case id (used by the CLI's JSON,
 * exports and saved views, so never renamed), a label and unit for people, a description,
 * the group it is shown in, and which direction is better (for colouring deltas).
 */
export type MetricGroup =
  | 'training'
  | 'memory'
  | 'data'
  | 'reliability'
  | 'power'
  | 'facility'
  | 'network'
  | 'cost'
  | 'serving';

export type MetricDefinition = {
  readonly id: string;
  readonly label: string;
  /** Display unit, e.g. `s`, `tokens/s`, `%`, `GiB`, `kW`, `USD`. */
  readonly unit: string;
  readonly description: string;
  readonly group: MetricGroup;
  /** Which direction is better, for coloured deltas; `none` when neither is. */
  readonly better: 'higher' | 'lower' | 'none';
  /**
   * How the figure is computed, in words, where a figure's name alone could mean two things
   * (scaling efficiency): shown wherever the figure is (comparison, charts, report).
   */
  readonly formula?: string;
};

/** A metric's value in a result. */
export type MetricValue = { readonly value: number; readonly unit: string };

const METRIC_ID = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/**
 * Declare a metric. Checks the id is snake_case so a typo fails at module load, not in an
 * export file.
 */
export function defineMetric(def: MetricDefinition): MetricDefinition {
  if (!METRIC_ID.test(def.id)) {
    throw new Error(`metric id "${def.id}" must be snake_case`);
  }
  return Object.freeze({ ...def });
}

/** Build a registry from metric lists, rejecting duplicate ids. */
export function buildRegistry(
  lists: readonly (readonly MetricDefinition[])[],
): ReadonlyMap<string, MetricDefinition> {
  const map = new Map<string, MetricDefinition>();
  for (const list of lists) {
    for (const m of list) {
      if (map.has(m.id)) throw new Error(`metric id "${m.id}" registered twice`);
      map.set(m.id, m);
    }
  }
  return map;
}
