import finetune8 from '../../examples/finetune-llama3-8b-8xh100-lora.json';
import pretrainIb from '../../examples/pretrain-llama3-70b-1024xh100-ib.json';
import pretrainRoce from '../../examples/pretrain-llama3-70b-1024xh100-roce.json';
import serving70b from '../../examples/serving-llama3-70b-8xh100-fp8.json';

/** A whole scenario to start from (the documented examples in examples/). */
export type ScenarioTemplate = {
  readonly id: string;
  readonly label: string;
  readonly doc: Readonly<Record<string, unknown>>;
};

export const SCENARIO_TEMPLATES: readonly ScenarioTemplate[] = [
  { id: 'pretrain-ib', label: 'Pre-train Llama 3 70B, 1,024× H100, InfiniBand', doc: pretrainIb },
  { id: 'pretrain-roce', label: 'Pre-train Llama 3 70B, 1,024× H100, RoCE', doc: pretrainRoce },
  { id: 'finetune-8', label: 'LoRA fine-tune Llama 3 8B, 8× H100', doc: finetune8 },
  { id: 'serving-70b', label: 'Serve Llama 3 70B, 8× H100 FP8', doc: serving70b },
];

export function getTemplate(id: string): ScenarioTemplate {
  const t = SCENARIO_TEMPLATES.find((x) => x.id === id);
  if (!t) throw new Error(`unknown scenario template "${id}"`);
  return t;
}
