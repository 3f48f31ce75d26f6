import { Button } from 'react-aria-components';
import { readScenarioFile, serializeScenarioFile } from '../../../model/files';
import { useDesktopApi } from '../../platform/desktopApi';
import { useAppStore } from '../../store';

/**
 * Open scenarios… and Save scenarios… for the scenario file (all open scenarios, their user catalog entries and the
 * baseline), through the DesktopApi: native dialogs in the desktop shell, a file input and a
 * download in a browser. A file that cannot be read changes nothing that is open.
 */
export function FileActions() {
  const api = useDesktopApi();
  const showNotice = useAppStore((s) => s.showNotice);
  const openDocs = useAppStore((s) => s.openDocs);

  async function open() {
    try {
      const file = await api.openTextFile({ kind: 'scenario' });
      if (file === null) return;
      const r = readScenarioFile(file.contents);
      if (!r.ok) {
        showNotice({ kind: 'error', text: `${file.fileName} was not opened: ${r.error}` });
        return;
      }
      openDocs(r.contents.scenarios, r.contents.baseline);
      const n = r.contents.scenarios.length;
      showNotice({
        kind: 'info',
        text: `Opened ${file.fileName} (${n} scenario${n === 1 ? '' : 's'}). Ctrl+Z goes back.`,
      });
    } catch (e) {
      showNotice({ kind: 'error', text: `The file was not opened: ${(e as Error).message}` });
    }
  }

  async function save() {
    const ws = useAppStore.getState().history.present;
    const baseline = Math.max(
      0,
      ws.scenarios.findIndex((s) => s.id === ws.baselineId),
    );
    try {
      const r = await api.saveTextFile({
        suggestedName: 'clusterplan-scenarios.json',
        kind: 'scenario',
        contents: serializeScenarioFile(
          ws.scenarios.map((s) => s.doc),
          baseline,
        ),
      });
      if (r.saved) showNotice({ kind: 'info', text: `Saved ${r.fileName ?? 'the scenarios'}.` });
    } catch (e) {
      showNotice({ kind: 'error', text: `Could not save: ${(e as Error).message}` });
    }
  }

  return (
    <div className="toolbar" role="group" aria-label="Scenario file">
      <Button className="btn" onPress={() => void open()}>
        Open scenarios…
      </Button>
      <Button className="btn" onPress={() => void save()}>
        Save scenarios…
      </Button>
    </div>
  );
}
