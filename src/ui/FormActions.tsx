import { Button } from './Button';
import { Row } from './Page';

/** A form's buttons: its submit, which says so while it saves, and Cancel when the form can be left. */
export function FormActions({ label, saving, onCancel }: { label: string; saving: boolean; onCancel?: () => void }) {
  return (
    <Row>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : label}
      </Button>
      {onCancel && (
        <Button $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </Row>
  );
}
