import styled from 'styled-components';

import type { ContentVersion } from '@/contract/content';
import { failureMessage } from '@/lib/api/errors';
import { useGetContentHistoryQuery } from '@/lib/api/siteContentManageApi';
import { theme } from '@/lib/theme/themes';
import { Alert, HistoryTable, LoadingText, Muted } from '@/ui';

import { SectionTexts } from './SectionTexts';

const Earlier = styled.details`
  margin-top: ${theme.space[2]};
  summary {
    cursor: pointer;
    color: ${theme.colors.accent};
  }
`;

/** What the sections a change touched held before it, folded away: some are long. */
function EarlierValues({ version }: { version: ContentVersion }) {
  if (version.earlier.length === 0) return null;
  return (
    <Earlier>
      <summary>Earlier values</summary>
      <SectionTexts texts={version.earlier} />
    </Earlier>
  );
}

/**
 * The saved changes, newest first, each with what it replaced. Reverting one restores the content
 * as it was before it (a new change itself); it waits until unsaved edits are saved or discarded,
 * which it would replace.
 */
export function ContentHistory({ onRevert, blocked, reverting }: { onRevert: (version: ContentVersion) => void; blocked: boolean; reverting: boolean }) {
  const history = useGetContentHistoryQuery();
  if (history.isLoading) return <LoadingText>Loading history...</LoadingText>;
  if (history.isError) return <Alert tone="error">{failureMessage('Failed to load the history of changes.', history.error)}</Alert>;
  const changes = (history.data ?? []).filter((version) => version.previous !== null);
  if (changes.length === 0) return <Muted>No changes yet: the site shows its first-start content.</Muted>;
  return (
    <HistoryTable
      versions={changes}
      restoreLabel="Revert"
      restoreName={(savedAt) => `Revert the change of ${savedAt}`}
      onRestore={onRevert}
      blocked={blocked}
      blockedNote="Save or discard your edits to revert an earlier change."
      restoring={reverting}
      changeDetails={(version) => <EarlierValues version={version} />}
    />
  );
}
