import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { TALK_TYPE_NAMES } from '@/contract/talkRules';
import type { Talk } from '@/contract/talks';
import { useGetTalksQuery } from '@/lib/api/talksApi';
import { formatCalendarDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, LoadingText, Muted, NoteProse, Page, Prose } from '@/ui';

import { splitTalks } from './schedule';

const Section = styled.section`
  margin-top: ${theme.space[7]};
  max-width: ${theme.maxWidth.text};
  h2 {
    padding-bottom: ${theme.space[2]};
    border-bottom: 1px solid ${theme.colors.border};
  }
`;
const Entry = styled.article`
  padding: ${theme.space[4]} 0;
  border-bottom: 1px solid ${theme.colors.border};
  /* The page's own anchor (/talks#talk-12) leaves room for the fixed top bar. */
  scroll-margin-top: calc(${theme.topBarHeight} + ${theme.space[4]});
  h3 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.fontSizes.md};
    line-height: 1.4;
  }
`;
const Meta = styled.p`
  margin: 0 0 ${theme.space[3]};
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;
const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

/** One talk: what, where and when, its abstract, and its slides, recording and paper. */
function TalkEntry({ talk }: { talk: Talk }) {
  const titleId = `talk-${talk.id}-title`;
  return (
    <Entry id={`talk-${talk.id}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{talk.title}</h3>
      <Meta>
        {[TALK_TYPE_NAMES[talk.type], talk.event, talk.place].filter(Boolean).join(' · ')}
        {' · '}
        <time dateTime={talk.date}>{formatCalendarDate(talk.date)}</time>
      </Meta>
      {/* Sanitised by the server when the talk was saved. */}
      {talk.abstract_html && <NoteProse dangerouslySetInnerHTML={{ __html: talk.abstract_html }} />}
      {(talk.slides_url || talk.video || talk.paper_link) && (
        <Links aria-label={`Links of ${talk.title}`}>
          {talk.slides_url && (
            <li>
              <a href={talk.slides_url}>
                Slides<span className="visually-hidden"> of {talk.title}</span>
              </a>
            </li>
          )}
          {talk.video && (
            <li>
              <a href={talk.video}>
                Video<span className="visually-hidden"> of {talk.title}</span>
              </a>
            </li>
          )}
          {talk.paper_link && (
            <li>
              <Link to={paths.paper(talk.paper_link.key)}>Paper: {talk.paper_link.title}</Link>
            </li>
          )}
        </Links>
      )}
    </Entry>
  );
}

function TalkSection({ id, title, talks }: { id: string; title: string; talks: Talk[] }) {
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {talks.map((talk) => (
        <TalkEntry key={talk.id} talk={talk} />
      ))}
    </Section>
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
