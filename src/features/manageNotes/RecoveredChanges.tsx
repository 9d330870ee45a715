import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';
import { Alert, Button, Row } from '@/ui';

import { keptAt } from './localTime';
import { NOTE_EDITOR_MESSAGES } from './messages';

const Actions = styled(Row)`
  margin-top: ${theme.space[2]};
`;

/**
 * The offer of the changes kept when the editor last closed without saving, at the time they were
 * kept; `stale`: made before someone's later save, so they are not in the form until kept.
 */
export function RecoveredChanges({ savedAt, stale, onKeep, onDiscard }: { savedAt: string; stale: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <Alert tone="info">
      {NOTE_EDITOR_MESSAGES.recovered(keptAt(savedAt))}
      {stale && ` ${NOTE_EDITOR_MESSAGES.recoveredStale}`}
      <Actions>
        <Button $size="sm" onClick={onKeep}>
          Keep them
        </Button>
        <Button $variant="secondary" $size="sm" onClick={onDiscard}>
          Discard them
        </Button>
      </Actions>
    </Alert>
  );
}
