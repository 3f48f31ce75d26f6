import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioFileFromArgv } from '../../electron/launch';

describe('scenario file on the command line (double-click on Windows/Linux, second launch)', () => {
  const cwd = path.resolve('/home/u/plans');

  it('packaged: the argument after the app; development: after the app folder', () => {
    expect(
      scenarioFileFromArgv(['/opt/ClusterPlan/clusterplan', 'a.clusterplan'], {
        packaged: true,
        cwd,
      }),
    ).toBe(path.join(cwd, 'a.clusterplan'));
    expect(scenarioFileFromArgv(['/x/electron', '.', 'b.json'], { packaged: false, cwd })).toBe(
      path.join(cwd, 'b.json'),
    );
    // In development the app folder itself is never taken for a file.
    expect(scenarioFileFromArgv(['/x/electron', 'app.json'], { packaged: false, cwd })).toBeNull();
  });

  it('skips switches Chromium adds and files of other kinds; takes the last scenario file', () => {
    const argv = [
      'C:\\Program Files\\ClusterPlan\\ClusterPlan.exe',
      '--allow-file-access-from-files',
      '--original-process-start-time=1',
      'notes.txt',
      '/abs/first.clusterplan',
      '/abs/second.JSON',
    ];
    expect(scenarioFileFromArgv(argv, { packaged: true, cwd })).toBe(
      path.resolve('/abs/second.JSON'),
    );
    expect(scenarioFileFromArgv(['app', '--x', 'readme.md'], { packaged: true, cwd })).toBeNull();
    expect(scenarioFileFromArgv(['app'], { packaged: true, cwd })).toBeNull();
  });
});
