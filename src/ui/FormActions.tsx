import { Button, SubmitButton } from './Button';
import { Row } from './Page';

/** A form's buttons: its submit, which says so while it saves, and Cancel when the form can be left. */
export function FormActions({ label, saving, onCancel }: { label: string; saving: boolean; onCancel?: () => void }) {
  return (
    <Row>
      <SubmitButton busy={saving} busyText="Saving...">
        {label}
      </SubmitButton>
      {onCancel && (
        <Button $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </Row>
  );
}
