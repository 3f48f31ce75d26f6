import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENERGY_INPUTS,
  energyInputsFromFile,
  energyInputsToFile,
} from '../../../renderer/features/energy/energyInputs';

describe('energy slice files', () => {
  it('round-trip, also with a UTF-8 byte-order mark; hostile keys refused', () => {
    const text = energyInputsToFile(DEFAULT_ENERGY_INPUTS);
    expect(energyInputsFromFile(text)).toEqual(DEFAULT_ENERGY_INPUTS);
    expect(energyInputsFromFile(`\uFEFF${text}`)).toEqual(DEFAULT_ENERGY_INPUTS);
    expect(() => energyInputsFromFile('{"__proto__":{"x":1}}')).toThrow(
      /"__proto__" is not allowed/,
    );
    expect(() => energyInputsFromFile('{')).toThrow(/not valid JSON/);
  });
});
