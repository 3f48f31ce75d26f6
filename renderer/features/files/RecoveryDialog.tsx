import { Button, Modal } from '../../components/ui';
import type { RecoveryRecord } from '../../../model/files';

function savedAtText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'the last session' : d.toLocaleString();
}

/**
 * Offered at start-up when the last session ended with unsaved work (a crash, a killed
 * process): Restore brings the scenarios back (unsaved), Discard deletes the copy.
 */
export function RecoveryDialog(props: {
  record: RecoveryRecord | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { record } = props;
  const names = record?.scenarios.map((s) =>
    typeof s['name'] === 'string' && s['name'] !== '' ? s['name'] : 'Untitled scenario',
  );
  return (
    <Modal
      isOpen={record !== null}
      onOpenChange={() => undefined}
      isKeyboardDismissDisabled
      role="alertdialog"
      className="file-recovery-modal"
      aria-labelledby="file-recovery-title"
      data-testid="recovery-dialog"
    >
      <div className="file-recovery">
        <h2 id="file-recovery-title" className="file-recovery-title">
          Restore unsaved work?
        </h2>
        {record ? (
          <>
            <p>
              ClusterPlan did not close normally. Changes to{' '}
              <strong>{record.fileName ?? 'an untitled workspace'}</strong> from{' '}
              {savedAtText(record.savedAt)} were not saved:
            </p>
            <ul className="file-recovery-list">
              {names?.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
            <p className="file-recovery-note">
              Restore opens them in place of the current scenarios (Ctrl+Z goes back). Discard
              deletes the copy.
            </p>
          </>
        ) : null}
        <div className="file-recovery-actions">
          <Button className="btn" onPress={props.onDiscard}>
            Discard
          </Button>
          <Button className="btn file-btn-primary" onPress={props.onRestore} data-autofocus>
            Restore
          </Button>
        </div>
      </div>
    </Modal>
  );
}
