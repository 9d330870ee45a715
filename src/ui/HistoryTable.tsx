import type { ReactNode } from 'react';

import type { SavedVersion } from '@/contract';
import { formatDateTime } from '@/contract/dates';

import { Button } from './Button';
import { Muted, Row } from './Page';
import { hiddenHeading, Table } from './Table';

interface HistoryTableProps<V extends SavedVersion> {
  /** Newest first. */
  versions: readonly V[];
  /** The word on the button that brings a version back ("Revert", "Restore") and its full name for screen readers. */
  restoreLabel: string;
  restoreName: (savedAt: string) => string;
  onRestore: (version: V) => void;
  /** False for a version there is no point bringing back (the current one). */
  canRestore?: (version: V) => boolean;
  /** Unsaved edits, which bringing a version back would replace: the buttons wait, and `blockedNote` says why. */
  blocked: boolean;
  blockedNote: string;
  restoring: boolean;
  /** Further buttons of a row, before the restore button. */
  extraActions?: (version: V, savedAt: string) => ReactNode;
  /** More about what a version changed, under the names of what it changed. */
  changeDetails?: (version: V) => ReactNode;
}

/**
 * The saved versions of something staff edit (the site's words, a note), each with a button that
 * brings it back as a new save. Bringing one back waits while there are unsaved edits.
 */
export function HistoryTable<V extends SavedVersion>({
  versions,
  restoreLabel,
  restoreName,
  onRestore,
  canRestore = () => true,
  blocked,
  blockedNote,
  restoring,
  extraActions,
  changeDetails,
}: HistoryTableProps<V>) {
  return (
    <>
      {blocked && <Muted>{blockedNote}</Muted>}
      <Table columns={['Saved', 'By', 'Changed', hiddenHeading('Actions')]}>
        <tbody>
          {versions.map((version) => {
            const savedAt = formatDateTime(version.saved_at);
            return (
              <tr key={version.id}>
                <td data-label="Saved">
                  <time dateTime={version.saved_at}>{savedAt}</time>
                </td>
                <td data-label="By">{version.saved_by}</td>
                <td data-label="Changed">
                  {version.changed.join(', ')}
                  {changeDetails?.(version)}
                </td>
                <td data-label="Actions">
                  <Row $gap={2}>
                    {extraActions?.(version, savedAt)}
                    {canRestore(version) && (
                      <Button
                        $variant="secondary"
                        $size="sm"
                        disabled={blocked || restoring}
                        onClick={() => onRestore(version)}
                        aria-label={restoreName(savedAt)}
                      >
                        {restoreLabel}
                      </Button>
                    )}
                  </Row>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </>
  );
}
