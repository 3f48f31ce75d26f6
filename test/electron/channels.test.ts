import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MENU_COMMANDS, parseMenuCommand } from '../../electron/channels';
import { CHANNELS } from '../../electron/contract';

describe('parseMenuCommand', () => {
  it('accepts each command, and openRecent and openPath only with a path', () => {
    for (const command of MENU_COMMANDS) {
      if (command === 'openRecent' || command === 'openPath') {
        expect(parseMenuCommand({ command })).toBeNull();
        expect(parseMenuCommand({ command, filePath: '/a.json' })).toEqual({
          command,
          filePath: '/a.json',
        });
      } else expect(parseMenuCommand({ command })).toEqual({ command });
    }
  });

  it('refuses unknown commands, extra keys, wrong types and non-objects', () => {
    for (const bad of [
      null,
      'save',
      ['save'],
      { command: 'rm -rf' },
      { command: 'save', filePath: '/a.json' },
      { command: 'save', extra: 1 },
      { command: 'openRecent', filePath: 3 },
      { command: 'openRecent', filePath: '' },
      { command: 'openRecent', filePath: 'x'.repeat(5000) },
    ]) {
      expect(parseMenuCommand(bad), JSON.stringify(bad)?.slice(0, 40)).toBeNull();
    }
  });

  it('never accepts random data that is not exactly a command (2,000 runs)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const r = parseMenuCommand(value);
        if (r !== null) expect(MENU_COMMANDS).toContain(r.command);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('contract channels', () => {
  it('every operation has a distinct prefixed channel', () => {
    const channels = Object.values(CHANNELS).map((c) => c.channel);
    expect(new Set(channels).size).toBe(channels.length);
    for (const c of channels) expect(c).toMatch(/^clusterplan:/);
  });

  it('payload schemas refuse what main must never accept', () => {
    expect(
      CHANNELS.saveScenarioFile.schema.safeParse({ suggestedName: 'a/b.json', contents: '' })
        .success,
    ).toBe(false);
    expect(
      CHANNELS.saveScenarioFile.schema.safeParse({
        suggestedName: 'a.json',
        contents: '',
        filePath: 'a\0b',
      }).success,
    ).toBe(false);
    expect(CHANNELS.openScenarioFile.schema.safeParse({ filePath: 7 }).success).toBe(false);
    expect(
      CHANNELS.setDocumentState.schema.safeParse({ fileName: 'a', dirty: 'yes' }).success,
    ).toBe(false);
    expect(CHANNELS.writeRecovery.schema.safeParse({ contents: 'x', more: 1 }).success).toBe(false);
  });
});
