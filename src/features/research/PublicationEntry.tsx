import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import type { ListedPublication } from '@/contract/publications';
import { useGetPaperQuery } from '@/lib/api/publicationsApi';
import { htmlFrom } from '@/lib/htmlFrom';
import { theme } from '@/lib/theme/themes';
import { Button, EntryActions, EntryMeta, LoadingText, MathTitle, titleLink } from '@/ui';

import { AuthorList } from './AuthorList';
import { paperLinks } from './links';

const Entry = styled.article`
  padding: ${theme.space[4]} 0;
  border-bottom: 1px solid ${theme.colors.border};
  h4 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.fontSizes.md};
    line-height: 1.4;
  }
  h4 a {
    ${titleLink}
  }
  p {
    margin: 0 0 ${theme.space[2]};
  }
  math {
    font-size: 1.05em;
  }
`;
const Abstract = styled.details`
  margin-top: ${theme.space[2]};
  summary {
    cursor: pointer;
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
    font-weight: 600;
  }
  p {
    margin-top: ${theme.space[2]};
  }
`;
const Source = styled.pre`
  overflow-x: auto;
  padding: ${theme.space[3]};
  background: ${theme.colors.surfaceAlt};
  font-size: ${theme.fontSizes.xs};
  white-space: pre-wrap;
`;

type CiteState = 'idle' | 'copied' | 'manual';

/** The abstract as the paper's answer gives it, asked for when this is first shown; `fallback` until then, or if it cannot be read. */
function AbstractText({ paperKey, fallback }: { paperKey: string; fallback: ReactNode }) {
  const paper = useGetPaperQuery(paperKey);
  if (paper.data) return <p {...htmlFrom(paper.data.abstract_html)} />;
  return paper.isFetching ? <LoadingText>Loading the abstract...</LoadingText> : fallback;
}

/**
 * The abstract, read with the paper's page once a visitor first opens it; until then, and if it cannot
 * be read, a link to that page (which also serves a browser without scripts). The query is only made
 * once asked for: a list of hundreds of papers renders no hundreds of idle queries.
 */
function AbstractOnRequest({ publication }: { publication: ListedPublication }) {
  const [asked, setAsked] = useState(false);
  const pageLink = (
    <p>
      <Link to={paths.paper(publication.key)}>Read it on the paper’s page</Link>
    </p>
  );
  return (
    <Abstract onToggle={(event) => event.currentTarget.open && setAsked(true)}>
      <summary>
        Abstract<span className="visually-hidden"> of {publication.title_text}</span>
      </summary>
      {asked ? <AbstractText paperKey={publication.key} fallback={pageLink} /> : pageLink}
    </Abstract>
  );
}

/**
 * One publication, its title leading to its page. The title and abstract are server-rendered HTML
 * (escaped text and MathML); names read by screen readers use the title's plain text.
 */
export function PublicationEntry({ publication, owner }: { publication: ListedPublication; owner: string }) {
  const [cite, setCite] = useState<CiteState>('idle');
  const titleId = `publication-${publication.id}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(publication.bibtex);
      setCite('copied');
    } catch {
      // No clipboard (an older browser, or permission refused): the entry is shown to copy by hand.
      setCite('manual');
    }
  };
  return (
    <Entry aria-label={publication.title_text}>
      <h4 id={titleId}>
        <Link to={paths.paper(publication.key)}>
          <MathTitle html={publication.title_html} text={publication.title_text} />
        </Link>
      </h4>
      <p>
        <AuthorList authors={publication.authors} owner={owner} />
      </p>
      <EntryMeta>{[publication.venue, publication.year].filter(Boolean).join(', ')}</EntryMeta>
      <EntryActions>
        {paperLinks(publication).map((link) => (
          <a key={link.href} href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {link.label}
            <span className="visually-hidden"> of {publication.title_text}</span>
          </a>
        ))}
        <Button $variant="secondary" $size="sm" onClick={() => void copy()} aria-label={`Cite ${publication.title_text} (copy BibTeX)`}>
          Cite
        </Button>
        <span role="status">{cite === 'copied' ? 'BibTeX copied.' : ''}</span>
      </EntryActions>
      {cite === 'manual' && (
        <>
          <p>Copy the BibTeX entry below.</p>
          <Source tabIndex={0}>{publication.bibtex}</Source>
        </>
      )}
      {publication.has_abstract && <AbstractOnRequest publication={publication} />}
    </Entry>
  );
}
