import { Link, Navigate, useParams } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { useGetPaperQuery } from '@/lib/api/publicationsApi';
import { htmlFrom } from '@/lib/htmlFrom';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, EntryLinks, EntryMeta, LoadingText, MathTitle, NotFoundMessage, Page, Side, TagList, useSiteContentPage, WithAside } from '@/ui';

import { AuthorList } from './AuthorList';
import { CiteAs } from './CiteAs';
import { paperLinks } from './links';
import { RelatedTalks } from './RelatedTalks';

const Article = styled.article`
  math {
    font-size: 1.05em;
  }
  h2 {
    padding-bottom: ${theme.space[2]};
    border-bottom: 1px solid ${theme.colors.border};
  }
`;
const Body = styled.div`
  > section {
    margin-top: ${theme.space[7]};
  }
`;
const Header = styled.header`
  h1 {
    margin: ${theme.space[2]} 0 ${theme.space[4]};
    line-height: 1.25;
  }
  p {
    margin: 0 0 ${theme.space[2]};
  }
`;
const LinkList = styled(EntryLinks)`
  margin: ${theme.space[4]} 0 0;
  /* One link a line in the side column. */
  @media (min-width: ${theme.breakpoints.tablet}) {
    flex-direction: column;
    gap: 0;
  }
`;
const Topics = styled(TagList)`
  margin-top: ${theme.space[3]};
`;

const missing = (
  <Page>
    <NotFoundMessage />
  </Page>
);

/**
 * One paper: its title, authors and venue, its links, its abstract and the ways to cite it. The title
 * and abstract are server-rendered HTML (escaped text and MathML); what screen readers name the
 * paper by is the title's plain text.
 */
export function PaperPage() {
  const { key = '' } = useParams();
  const { content, pending } = useSiteContentPage();
  const { currentData: paper, isFetching } = useGetPaperQuery(key);
  useDocumentTitle(paper === null ? '404' : paper?.title_text);
  if (paper === null) return missing;
  // A paper asked for under another spelling of its key is shown under its own.
  if (paper && paper.key !== key) return <Navigate to={paths.paper(paper.key)} replace />;
  if (!content) return pending;
  if (!paper) return <Page>{isFetching ? <LoadingText>Loading paper...</LoadingText> : <Alert tone="error">Failed to load the paper.</Alert>}</Page>;
  const title = paper.title_text;
  const links = paperLinks(paper, paper.paper_is_pdf);
  return (
    <Page>
      <Article aria-label={title}>
        <WithAside>
          <Header>
            <EntryMeta>
              <Link to={paths.research}>Research</Link>
              {' · '}
              <Link to={paths.researchFiltered({ type: paper.kind.slug })}>{paper.kind.name}</Link>
            </EntryMeta>
            <h1>
              <MathTitle html={paper.title_html} text={title} />
            </h1>
            <p>
              <AuthorList authors={paper.authors} owner={content.name} />
            </p>
            <EntryMeta>{[paper.venue, paper.year].filter(Boolean).join(', ')}</EntryMeta>
          </Header>
          {/* Beside the text on a wide screen; under the title on a phone, as part of it. */}
          {(paper.topics.length > 0 || links.length > 0) && (
            <Side>
              {paper.topics.length > 0 && (
                <Topics aria-label="Topics">
                  {paper.topics.map((topic) => (
                    <li key={topic.slug}>
                      <Link to={paths.researchFiltered({ topic: topic.slug })}>{topic.name}</Link>
                    </li>
                  ))}
                </Topics>
              )}
              {links.length > 0 && (
                <LinkList aria-label="Links">
                  {links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                        {link.label}
                        <span className="visually-hidden"> of {title}</span>
                      </a>
                    </li>
                  ))}
                </LinkList>
              )}
            </Side>
          )}
          <Body>
            {paper.abstract_html && (
              <section aria-labelledby="abstract">
                <h2 id="abstract">Abstract</h2>
                <p {...htmlFrom(paper.abstract_html)} />
              </section>
            )}
            <RelatedTalks talks={paper.talks} />
            <CiteAs paper={paper} />
          </Body>
        </WithAside>
      </Article>
    </Page>
  );
}
