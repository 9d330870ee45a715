import styled from 'styled-components';

import { useGetDownloadStatsQuery } from '@/lib/api/documentsApi';
import { theme } from '@/lib/theme/themes';
import { Alert, Button, LoadingText, Muted } from '@/ui';

const BAR_AREA_PX = 48;

const Documents = styled.ul`
  list-style: none;
  margin: ${theme.space[4]} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[5]};
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
`;

const DocumentName = styled.h3`
  font-size: ${theme.fontSizes.md};
  margin: 0;
  overflow-wrap: anywhere;
`;

const Weeks = styled.ol`
  list-style: none;
  margin: ${theme.space[2]} 0 0;
  padding: 0;
  display: flex;
  align-items: flex-end;
  gap: 3px;
  height: ${BAR_AREA_PX}px;
  border-bottom: 1px solid ${theme.colors.border};
`;

const Week = styled.li`
  flex: 1;
  display: flex;
  align-items: flex-end;
  height: 100%;
`;

/** At least a hairline, so that a week with downloads never looks like one without. */
const Bar = styled.span<{ $share: number }>`
  display: block;
  width: 100%;
  height: ${({ $share }) => ($share > 0 ? `max(2px, ${Math.round($share * 100)}%)` : '0')};
  background: ${theme.colors.accent};
  border-radius: 2px 2px 0 0;
`;

const Axis = styled.p`
  display: flex;
  justify-content: space-between;
  margin: ${theme.space[1]} 0 0;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;

const weekLabel = (monday: string) => new Date(`${monday}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const downloadsText = (count: number) => `${count} ${count === 1 ? 'download' : 'downloads'}`;

/** What one card shows: a document, or a note's notebook. */
interface Downloaded {
  key: string;
  name: string;
  /** What it is, before the total: its category, "current", "notebook". */
  about: (string | false | null)[];
  counts: number[];
  total: number;
}

function DocumentDownloads({ document, weeks }: { document: Downloaded; weeks: string[] }) {
  const highest = Math.max(...document.counts);
  const headingId = `downloads-${document.key}`;
  return (
    <li aria-labelledby={headingId}>
      <DocumentName id={headingId}>{document.name}</DocumentName>
      <Muted>{[...document.about, `${downloadsText(document.total)} in ${weeks.length} weeks`].filter(Boolean).join(' · ')}</Muted>
      <Weeks aria-label={`Downloads of ${document.name} per week`}>
        {document.counts.map((count, index) => (
          <Week key={weeks[index]} title={`Week of ${weekLabel(weeks[index])}: ${downloadsText(count)}`}>
            <Bar aria-hidden $share={highest ? count / highest : 0} />
            <span className="visually-hidden">
              Week of {weekLabel(weeks[index])}: {downloadsText(count)}
            </span>
          </Week>
        ))}
      </Weeks>
      <Axis aria-hidden>
        <span>{weekLabel(weeks[0])}</span>
        <span>this week</span>
      </Axis>
    </li>
  );
}

/** How often visitors downloaded the CV, the papers and the notes' notebooks, per week, without knowing who they were. */
export function DownloadsChart() {
  const stats = useGetDownloadStatsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (stats.isLoading) return <LoadingText>Loading downloads...</LoadingText>;
  if (stats.isError || !stats.data) {
    return (
      <Alert tone="error">
        Failed to load the download counts.{' '}
        <Button type="button" $variant="secondary" onClick={() => stats.refetch()}>
          try again
        </Button>
      </Alert>
    );
  }
  const { weeks, documents, notebooks = [] } = stats.data;
  const downloaded: Downloaded[] = [
    ...documents.map(({ id, name, category_name, is_current, counts, total }) => ({
      key: String(id),
      name,
      about: [category_name, is_current && 'current'],
      counts,
      total,
    })),
    ...notebooks.map(({ id, title, counts, total }) => ({ key: `notebook-${id}`, name: title, about: ['notebook of the note'], counts, total })),
  ];
  if (!downloaded.length) return <Muted>No downloads yet.</Muted>;
  return (
    <Documents>
      {downloaded.map((document) => (
        <DocumentDownloads key={document.key} document={document} weeks={weeks} />
      ))}
    </Documents>
  );
}
