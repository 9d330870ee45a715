import type { ContentVersion } from '@/contract/content';
import { failureMessage } from '@/lib/api/errors';
import { useGetContentHistoryQuery } from '@/lib/api/siteContentApi';
import { formatDateTime } from '@/lib/dates';
import { Alert, Button, hiddenHeading, LoadingText, Muted, Table } from '@/ui';

/**
 * The saved changes, newest first. Reverting one restores the content as it was before it (a
 * new change itself); it waits until unsaved edits are saved or discarded, which it would replace.
 */
export function ContentHistory({ onRevert, blocked, reverting }: { onRevert: (version: ContentVersion) => void; blocked: boolean; reverting: boolean }) {
  const history = useGetContentHistoryQuery();
  if (history.isLoading) return <LoadingText>Loading history...</LoadingText>;
  if (history.isError) return <Alert tone="error">{failureMessage('Failed to load the history of changes.', history.error)}</Alert>;
  const changes = (history.data ?? []).filter((version) => version.previous !== null);
  if (changes.length === 0) return <Muted>No changes yet: the site shows its first-start content.</Muted>;
  return (
    <>
      {blocked && <Muted>Save or discard your edits to revert an earlier change.</Muted>}
      <Table columns={['Saved', 'By', 'Changed', hiddenHeading('Actions')]}>
        <tbody>
          {changes.map((version) => (
            <tr key={version.id}>
              <td>{formatDateTime(version.saved_at)}</td>
              <td>{version.saved_by}</td>
              <td>{version.changed.join(', ')}</td>
              <td>
                <Button
                  $variant="secondary"
                  $size="sm"
                  disabled={blocked || reverting}
                  onClick={() => onRevert(version)}
                  aria-label={`Revert the change of ${formatDateTime(version.saved_at)}`}
                >
                  Revert
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
