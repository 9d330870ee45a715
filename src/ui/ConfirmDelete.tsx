import { Button } from './Button';
import { Row } from './Page';

/** A deletion's last step: the danger button, which says so while the deletion runs, and "Keep it". */
export function ConfirmDelete({
  label,
  busy,
  disabled = false,
  onConfirm,
  onKeep,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <Row>
      <Button $variant="danger" disabled={busy || disabled} onClick={onConfirm}>
        {busy ? 'Deleting...' : label}
      </Button>
      <Button $variant="secondary" onClick={onKeep} disabled={busy}>
        Keep it
      </Button>
    </Row>
  );
}
