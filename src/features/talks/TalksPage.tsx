import { Link } from 'react-router-dom';

import { formatCalendarDate } from '@/contract/dates';
import { paths } from '@/contract/paths';
import { TALK_TYPE_NAMES } from '@/contract/talkRules';
import type { Talk } from '@/contract/talks';
import { useGetTalksQuery } from '@/lib/api/talksApi';
import { htmlFrom } from '@/lib/htmlFrom';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, Entry, EntryGroup, EntryLinks, EntryMeta, LoadingText, Muted, NoteProse, Page, Prose, ResearchSections } from '@/ui';

import { splitTalks } from './schedule';

/** One talk: what, where and when, its abstract, and its slides, recording and paper. */
function TalkEntry({ talk }: { talk: Talk }) {
  const titleId = `talk-${talk.id}-title`;
  return (
    <Entry id={`talk-${talk.id}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{talk.title}</h3>
      <EntryMeta>
        {[TALK_TYPE_NAMES[talk.type], talk.event, talk.place].filter(Boolean).join(' · ')}
        {' · '}
        <time dateTime={talk.date}>{formatCalendarDate(talk.date)}</time>
      </EntryMeta>
      {/* Sanitised by the server when the talk was saved. */}
      {talk.abstract_html && <NoteProse {...htmlFrom(talk.abstract_html)} />}
      {(talk.slides_url || talk.video || talk.paper_link) && (
        <EntryLinks aria-label={`Links of ${talk.title}`}>
          {[
            { label: 'Slides', href: talk.slides_url },
            { label: 'Video', href: talk.video },
          ].map(
            ({ label, href }) =>
              href && (
                <li key={label}>
                  <a href={href}>
                    {label}
                    <span className="visually-hidden"> of {talk.title}</span>
                  </a>
                </li>
              ),
          )}
          {talk.paper_link && (
            <li>
              <Link to={paths.paper(talk.paper_link.key)}>Paper: {talk.paper_link.title}</Link>
            </li>
          )}
        </EntryLinks>
      )}
    </Entry>
  );
}

function TalkSection({ id, title, talks }: { id: string; title: string; talks: Talk[] }) {
  return (
    <EntryGroup aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {talks.map((talk) => (
        <TalkEntry key={talk.id} talk={talk} />
      ))}
    </EntryGroup>
  );
}

/** Talks, seminars and lectures: upcoming ones first, the soonest first, then past ones by year, the latest first. */
export function TalksPage() {
  useDocumentTitle('Talks');
  const talks = useGetTalksQuery();
  const { upcoming, pastByYear } = splitTalks(talks.data ?? []);
  return (
    <Page>
      <Prose>
        <h1>Talks</h1>
        <ResearchSections />
        <Muted>Invited talks, conference presentations, seminars and lectures, with their abstracts, slides and recordings.</Muted>
      </Prose>
      {talks.isLoading && <LoadingText>Loading talks...</LoadingText>}
      {talks.isError && <Alert tone="error">Failed to load talks.</Alert>}
      {talks.isSuccess && talks.data.length === 0 && <Muted>No talks listed yet: upcoming talks will appear here as they are planned.</Muted>}
      {upcoming.length > 0 && <TalkSection id="talks-upcoming" title="Upcoming" talks={upcoming} />}
      {pastByYear.map(([year, inYear]) => (
        <TalkSection key={year} id={`talks-${year}`} title={year} talks={inYear} />
      ))}
    </Page>
  );
}
