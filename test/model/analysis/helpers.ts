import { readFileSync } from 'node:fs';
import { parseScenarioOrThrow } from '../../../model/scenario';
import type { Scenario } from '../../../model/scenario';

/** A scenario from examples/ (parsed, defaults filled in). */
export function example(file: string): Scenario {
  return parseScenarioOrThrow(JSON.parse(readFileSync(`examples/${file}`, 'utf8')));
}

export const IB = 'pretrain-llama3-70b-1024xh100-ib.json';
export const ROCE = 'pretrain-llama3-70b-1024xh100-roce.json';
export const LORA = 'finetune-llama3-8b-8xh100-lora.json';
export const SERVING = 'serving-llama3-70b-8xh100-fp8.json';
