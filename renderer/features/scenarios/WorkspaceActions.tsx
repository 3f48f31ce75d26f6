import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui';
import { useAppStore } from '../../store';

// Opened only on request, so it is loaded then (the start-up bundle does not carry it).
const DuplicateWithChangeDialog = lazy(() =>
  import('./DuplicateWithChangeDialog').then((m) => ({ default: m.DuplicateWithChangeDialog })),
);

/** "Copy with one change…" (duplicate-with-change) and its dialog, loaded when first opened. */
export function DuplicateWithChange(props: { id: string; name: string; isDisabled: boolean }) {
  const [open, setOpen] = useState(false);
  const doc = useAppStore((s) => s.history.present.scenarios.find((x) => x.id === props.id)?.doc);
  return (
    <>
      <Button className="btn" onPress={() => setOpen(true)} isDisabled={props.isDisabled}>
        Copy with one change…
      </Button>
      {open && doc ? (
        <Suspense fallback={null}>
          <DuplicateWithChangeDialog
            id={props.id}
            name={props.name}
            doc={doc}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
