import { Fragment, useState } from 'react';
import styled from 'styled-components';

import type { Publication } from '@/contract/publications';
import { theme } from '@/lib/theme/themes';
import { Button } from '@/ui';

import { isOwner } from './authors';

const Entry = styled.article`
  padding: ${theme.space[4]} 0;
  border-bottom: 1px solid ${theme.colors.border};
  h4 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.fontSizes.md};
    line-height: 1.4;
  }
  p {
    margin: 0 0 ${theme.space[2]};
  }
  math {
    font-size: 1.05em;
  }
`;
const Meta = styled.p`
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;
const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]} ${theme.space[4]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
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

/** The addresses a reader may follow: the publisher's DOI, the preprint servers, the paper itself. */
function links(publication: Publication) {
  const list: { label: string; href: string }[] = [];
  if (publication.paper_url) list.push({ label: 'PDF', href: publication.paper_url });
  if (publication.doi) list.push({ label: 'DOI', href: `https://doi.org/${publication.doi}` });
  if (publication.arxiv) list.push({ label: 'arXiv', href: `https://arxiv.org/abs/${publication.arxiv}` });
  if (publication.ssrn) list.push({ label: 'SSRN', href: `https://papers.ssrn.com/sol3/papers.cfm?abstract_id=${publication.ssrn}` });
  if (publication.url && !list.some((link) => link.href === publication.url)) list.push({ label: 'Link', href: publication.url });
  return list;
}

type CiteState = 'idle' | 'copied' | 'manual';

/** One publication; its title and abstract are server-rendered HTML (escaped text and MathML). */
export function PublicationEntry({ publication, owner }: { publication: Publication; owner: string }) {
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
    <Entry aria-labelledby={titleId}>
      <h4 id={titleId} dangerouslySetInnerHTML={{ __html: publication.title_html }} />
      <p>
        {publication.authors.map((author, index) => (
          <Fragment key={`${author}-${index}`}>
            {index > 0 && ', '}
            {isOwner(author, owner) ? <strong>{author}</strong> : author}
          </Fragment>
        ))}
      </p>
      <Meta>{[publication.venue, publication.year].filter(Boolean).join(', ')}</Meta>
      <Links>
        {links(publication).map((link) => (
          <a key={link.label} href={link.href} {...(link.label === 'PDF' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
            {link.label}
            <span className="visually-hidden"> of {publication.title}</span>
          </a>
        ))}
        <Button $variant="secondary" $size="sm" onClick={() => void copy()} aria-label={`Cite ${publication.title} (copy BibTeX)`}>
          Cite
        </Button>
        <span role="status">{cite === 'copied' ? 'BibTeX copied.' : ''}</span>
      </Links>
      {cite === 'manual' && (
        <>
          <p>Copy the BibTeX entry below.</p>
          <Source tabIndex={0}>{publication.bibtex}</Source>
        </>
      )}
      {publication.abstract_html && (
        <Abstract>
          <summary>
            Abstract<span className="visually-hidden"> of {publication.title}</span>
          </summary>
          <p dangerouslySetInnerHTML={{ __html: publication.abstract_html }} />
        </Abstract>
      )}
    </Entry>
  );
}
