import type { ReactNode } from 'react';
import {
  builtinCatalog,
  listItems,
  mergeUserCatalog,
  userCatalogSchema,
  type Catalog,
  type CatalogKind,
} from '../../../model/catalog';
import { MIG_PROFILES } from '../../../model/catalog/mig';
import type { SourcedNumber } from '../../../model/catalog/sourced';
import { SourcedValue } from '../../components/SourcedValue';
import { formatMetric } from '../../components/metricFormat';
import type { CatalogChoice } from './FieldControl';

/**
 * Fields that pick a catalog entry (`acceleratorId`, `electricityId`, ...): their choices, and
 * the catalog figure the choice supplies as the default, shown with its source on hover.
 */

type CatalogField = {
  readonly kind: CatalogKind;
  /** The sourced number of the item the scenario uses by default. */
  readonly figure: (item: Record<string, unknown>) => SourcedNumber | undefined;
  readonly figureLabel: string;
};

const CATALOG_FIELDS: Readonly<Record<string, CatalogField>> = {
  electricityId: {
    kind: 'electricity',
    figure: (i) => i.pricePerKwh as SourcedNumber,
    figureLabel: 'Electricity price',
  },
  carbonId: {
    kind: 'gridCarbon',
    figure: (i) => i.gCo2PerKwh as SourcedNumber,
    figureLabel: 'Grid carbon',
  },
  colocationId: {
    kind: 'colocation',
    figure: (i) => i.usdPerKwMonth as SourcedNumber,
    figureLabel: 'Colocation price',
  },
  constructionId: {
    kind: 'construction',
    figure: (i) => i.usdPerW as SourcedNumber,
    figureLabel: 'Construction cost',
  },
  presetId: { kind: 'facilityPreset', figure: (i) => i.pue as SourcedNumber, figureLabel: 'PUE' },
  cloudPriceId: {
    kind: 'cloudPrice',
    figure: (i) => i.usdPerGpuHour as SourcedNumber,
    figureLabel: 'Cloud price',
  },
};

export type CatalogFieldView = {
  readonly choices: readonly CatalogChoice[];
  readonly hint: ReactNode;
};

function figureText(n: SourcedNumber): string {
  return formatMetric(n.value, n.unit);
}

/** The catalog with a scenario's user entries merged; the built-in one when they are invalid. */
function withUserEntries(catalog: Catalog, userCatalog: unknown): Catalog {
  if (userCatalog === undefined) return catalog;
  const parsed = userCatalogSchema.safeParse(userCatalog);
  if (!parsed.success) return catalog;
  try {
    return mergeUserCatalog(catalog, parsed.data);
  } catch {
    return catalog;
  }
}

/**
 * Choices and source hint of a catalog-id field, or null when the field is not one.
 * @param key - the field's key (`acceleratorId`, `electricityId`, ...)
 * @param value - its current value (the chosen id), if any
 * @param userCatalog - the scenario's user catalog (for the accelerator field's choices)
 */
export function catalogField(
  key: string,
  value: unknown,
  userCatalog?: unknown,
): CatalogFieldView | null {
  const catalog = builtinCatalog();
  if (key === 'acceleratorId') {
    // The scenario's own accelerators (edited or added in the Catalog screen) are choices too.
    const merged = withUserEntries(catalog, userCatalog);
    const accelerators = listItems(merged, 'accelerator');
    const a = accelerators.find((x) => x.id === value);
    const sources = merged.sources;
    return {
      choices: accelerators.map((x) => ({ id: x.id, label: x.name })),
      hint: a ? (
        <span className="sc-figures">
          <SourcedValue
            label="Board power"
            text={`${figureText(a.tdpW)} TDP`}
            value={a.tdpW}
            sources={sources}
          />{' '}
          ·{' '}
          <SourcedValue
            label="HBM"
            text={`${figureText(a.hbmGB)} HBM`}
            value={a.hbmGB}
            sources={sources}
          />{' '}
          ·{' '}
          <SourcedValue
            label="BF16 dense peak"
            text={`${figureText(a.denseTflops.bf16)} BF16`}
            value={a.denseTflops.bf16}
            sources={sources}
          />
        </span>
      ) : null,
    };
  }
  const spec = CATALOG_FIELDS[key];
  if (!spec) return null;
  const items = listItems(catalog, spec.kind) as unknown as readonly Record<string, unknown>[];
  const chosen = items.find((i) => i.id === value);
  const n = chosen ? spec.figure(chosen) : undefined;
  return {
    choices: items.map((i) => ({ id: String(i.id), label: String(i.name ?? i.id) })),
    hint:
      n && typeof n.value === 'number' ? (
        <span className="sc-figures">
          {spec.figureLabel}:{' '}
          <SourcedValue
            label={spec.figureLabel}
            text={figureText(n)}
            value={n}
            sources={catalog.sources}
          />
        </span>
      ) : null,
  };
}

/**
 * Choices of the serving partition's MIG profile: the profiles of the scenario's accelerator
 * (model/catalog/mig.ts, NVIDIA MIG user guide), each with its compute and memory slices and how
 * many fit one GPU. Null when the field is not a MIG profile.
 * @param path - the field's path (`workload.partition.profile`)
 * @param acceleratorId - the scenario's accelerator
 */
export function migProfileField(
  path: readonly string[],
  acceleratorId: unknown,
): CatalogFieldView | null {
  if (path[path.length - 1] !== 'profile' || path[path.length - 2] !== 'partition') return null;
  const geo = typeof acceleratorId === 'string' ? MIG_PROFILES[acceleratorId] : undefined;
  if (geo === undefined) {
    return {
      choices: [],
      hint: <span className="sc-figures">This accelerator has no MIG profiles.</span>,
    };
  }
  return {
    choices: geo.profiles.map((p) => ({
      id: p.id,
      label: `${p.id} — ${p.compute}/${geo.computeSlices} compute, ${p.memory}/${geo.memorySlices} memory, ${p.maxInstances} per GPU`,
    })),
    hint: <span className="sc-figures">Profiles: {geo.source}</span>,
  };
}
