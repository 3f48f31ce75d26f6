import { Button, Modal } from '../../components/ui';
import { useAppStore } from '../../store';
import type { UnsavedQuestion } from './unsavedPrompt';

/**
 * "Save changes before …?" when New or Open would replace unsaved work: Save (then go on once
 * saved), Don't save, Cancel (also Escape). Loaded when first needed (FileShell).
 */
export function UnsavedChangesDialog(props: { question: UnsavedQuestion }) {
  const { question } = props;
  const fileName = useAppStore((s) => s.currentFile?.fileName ?? 'Untitled');
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && question.answer('cancel')}
      role="alertdialog"
      className="file-recovery-modal"
      aria-labelledby="file-unsaved-title"
      data-testid="unsaved-dialog"
    >
      <div className="file-recovery">
        <h2 id="file-unsaved-title" className="file-recovery-title">
          Save the changes to {fileName}?
        </h2>
        <p>
          {question.opening === null
            ? 'A new workspace replaces the open scenarios, which have unsaved changes.'
            : `Opening ${question.opening} replaces the open scenarios, which have unsaved changes.`}{' '}
          Without saving, only Undo (Ctrl+Z) in this session brings them back.
        </p>
        <div className="file-recovery-actions">
          <Button className="btn" onPress={() => question.answer('cancel')}>
            Cancel
          </Button>
          <Button className="btn" onPress={() => question.answer('discard')}>
            Don’t save
          </Button>
          <Button
            className="btn file-btn-primary"
            onPress={() => question.answer('save')}
            data-autofocus
          >
            Save
          </Button>
        </div>
      </div>
    </Modal>
  );
}
