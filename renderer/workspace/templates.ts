import finetune8 from '../../examples/finetune-llama3-8b-8xh100-lora.json';
import pretrainIb from '../../examples/pretrain-llama3-70b-1024xh100-ib.json';
import pretrainRoce from '../../examples/pretrain-llama3-70b-1024xh100-roce.json';
import serving70b from '../../examples/serving-llama3-70b-8xh100-fp8.json';
import vitL16 from '../../examples/starved-vit-256xh100-nas-fixed.json';
import { builtinCatalog, listItems, platformSystem } from '../../model/catalog';
import { ACCELERATORS } from '../../model/catalog/accelerators';
import {
  applyAcceleratorPlatform,
  getModelPreset,
  servingModelFromPreset,
  withDocValue,
} from '../../model/scenario';

/** Which part of the "Add scenario" menu a template is listed in. */
export type TemplateGroup = 'training' | 'vision' | 'serving' | 'platform';

/** A whole scenario to start from (the documented examples in examples/, and builds on them). */
export type ScenarioTemplate = {
  readonly id: string;
  readonly label: string;
  readonly doc: Readonly<Record<string, unknown>>;
  /** Where its numbers come from, in one line (shown under the label). */
  readonly source?: string;
  readonly group?: TemplateGroup;
};

type Doc = Readonly<Record<string, unknown>>;

/**
 * A template whose document is built on first use (opening the "Add scenario" menu lists labels
 * only): the platform and serving builds run `applyAcceleratorPlatform` and format numbers,
 * about 30 ms on a cold start that the editor's first render need not wait for.
 */
function lazyTemplate(meta: Omit<ScenarioTemplate, 'doc'>, build: () => Doc): ScenarioTemplate {
  let doc: Doc | undefined;
  return {
    ...meta,
    get doc(): Doc {
      doc ??= build();
      return doc;
    },
  };
}

const LLAMA3_PAPER = 'Llama 3 paper (arXiv:2407.21783), Table 3';

/** A serving scenario: the 70B serving example with another preset's model and accelerator. */
function servingOf(
  presetId: string,
  name: string,
  acceleratorId: string,
  parallelism: Readonly<Record<string, unknown>>,
): Doc {
  const preset = getModelPreset(presetId);
  if (!preset) throw new Error(`unknown model preset "${presetId}"`);
  let doc: Doc = applyAcceleratorPlatform(serving70b as Doc, acceleratorId).doc;
  doc = withDocValue(doc, ['workload', 'model'], servingModelFromPreset(preset));
  doc = withDocValue(doc, ['workload', 'parallelism'], parallelism);
  doc = withDocValue(doc, ['name'], name);
  return withDocValue(
    doc,
    ['description'],
    `${name}: the Llama 3.1 70B serving example's requests, SLO and stack with the model from ${preset.source} (${preset.date}).`,
  );
}

/**
 * Llama 3 70B pre-training on each catalog accelerator's platform (catalog/platform.ts): the
 * InfiniBand example with the platform's shape (`applyAcceleratorPlatform`: GPUs per node,
 * NVLink domain, cooling, rack power), about 1,024 GPUs in whole nodes (15 NVL72 racks =
 * 1,080) and the layout chosen by the engine.
 */
function platformTemplates(): ScenarioTemplate[] {
  const catalog = builtinCatalog();
  const systems = listItems(catalog, 'system');
  return ACCELERATORS.flatMap((a): ScenarioTemplate[] => {
    const sys = platformSystem(systems, a.id, false);
    if (!sys) return [];
    const nodes = Math.ceil(1024 / sys.gpusPerNode);
    const gpus = nodes * sys.gpusPerNode;
    const name = `Llama 3 70B pre-train, ${nodes} × ${sys.name}`;
    const build = (): Doc => {
      let doc = applyAcceleratorPlatform(pretrainIb as Doc, a.id, catalog).doc;
      doc = withDocValue(doc, ['cluster', 'compute', 'gpus'], gpus);
      doc = withDocValue(doc, ['workload', 'parallelism'], 'auto');
      doc = withDocValue(doc, ['name'], name);
      const priced = sys.priceUsd.sources
        .map((id) => catalog.sources.get(id)?.title ?? id)
        .join('; ');
      return withDocValue(
        doc,
        ['description'],
        `Llama 3 70B (${LLAMA3_PAPER}) pre-trained on ${gpus.toLocaleString('en-US')} ${a.name} in ${nodes} × ${sys.name} (catalog system: nameplate ${Math.round(sys.ratedPowerW.value / 100) / 10} kW, ${sys.cooling}-cooled; price from ${priced || 'the catalog'}, ${sys.priceUsd.date}). The parallel layout is chosen by the engine.`,
      );
    };
    return [
      lazyTemplate(
        {
          id: `platform-${a.id}`,
          label: `${a.name}: ${nodes} × ${sys.name}`,
          source: `Catalog system ${sys.name} (${sys.priceUsd.date}); model: ${LLAMA3_PAPER}`,
          group: 'platform',
        },
        build,
      ),
    ];
  });
}

export const SCENARIO_TEMPLATES: readonly ScenarioTemplate[] = [
  {
    id: 'pretrain-ib',
    label: 'Pre-train Llama 3 70B, 1,024× H100, InfiniBand',
    doc: pretrainIb,
    source: `${LLAMA3_PAPER}; Megatron-Bridge H100 layout`,
    group: 'training',
  },
  {
    id: 'pretrain-roce',
    label: 'Pre-train Llama 3 70B, 1,024× H100, RoCE',
    doc: pretrainRoce,
    source: `${LLAMA3_PAPER}; Megatron-Bridge H100 layout`,
    group: 'training',
  },
  {
    id: 'finetune-8',
    label: 'LoRA fine-tune Llama 3 8B, 8× H100',
    doc: finetune8,
    source: `${LLAMA3_PAPER}; LoRA (Hu et al. 2021, arXiv:2106.09685)`,
    group: 'training',
  },
  lazyTemplate(
    {
      id: 'vit-l16',
      label: 'Train ViT-L/16 on ImageNet, 256× H100 (data-loading heavy)',
      source:
        'ViT-L/16: Dosovitskiy et al. 2021 (arXiv:2010.11929), Table 1; ImageNet shards: MLPerf Storage',
      group: 'vision',
    },
    () =>
      withDocValue(
        vitL16 as Doc,
        ['name'],
        'ViT-L/16 on ImageNet, 256x H100, NAS + one NVMe cache drive per node',
      ),
  ),
  {
    id: 'serving-70b',
    label: 'Serve Llama 3 70B, 8× H100 FP8',
    doc: serving70b,
    source: `${LLAMA3_PAPER}; chat SLO p99 TTFT 2 s, TPOT 50 ms`,
    group: 'serving',
  },
  lazyTemplate(
    {
      id: 'serving-8b',
      label: 'Serve Llama 3 8B, 8× H100 FP8 (one GPU per replica)',
      source: LLAMA3_PAPER,
      group: 'serving',
    },
    () =>
      servingOf('llama3-8b', 'Llama 3 8B serving, 8x H100, FP8, chat SLO', 'h100-sxm', {
        tp: 1,
        pp: 1,
        ep: 1,
        replicas: 'auto',
      }),
  ),
  lazyTemplate(
    {
      id: 'serving-405b',
      label: 'Serve Llama 3 405B, 8× H200 FP8',
      source: LLAMA3_PAPER,
      group: 'serving',
    },
    () =>
      servingOf('llama3-405b', 'Llama 3 405B serving, 8x H200, FP8, chat SLO', 'h200-sxm', {
        tp: 8,
        pp: 1,
        ep: 1,
        replicas: 'auto',
      }),
  ),
  lazyTemplate(
    {
      id: 'serving-deepseek-r1',
      label: 'Serve DeepSeek-R1 (671B MoE), 8× H200 FP8, TP 8 / EP 8',
      source: getModelPreset('deepseek-r1')?.source ?? 'DeepSeek-R1',
      group: 'serving',
    },
    () =>
      servingOf(
        'deepseek-r1',
        'DeepSeek-R1 serving, 8x H200, FP8, TP 8 / EP 8, chat SLO',
        'h200-sxm',
        { tp: 8, pp: 1, ep: 8, replicas: 'auto' },
      ),
  ),
  ...platformTemplates(),
];

export function getTemplate(id: string): ScenarioTemplate {
  const t = SCENARIO_TEMPLATES.find((x) => x.id === id);
  if (!t) throw new Error(`unknown scenario template "${id}"`);
  return t;
}
