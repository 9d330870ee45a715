import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { apiPaths } from '@/contract/paths';
import { CITATION_FORMATS, type CitationFormat } from '@/contract/publicationRules';
import type { Paper } from '@/contract/publications';
import { useGetPaperQuery } from '@/lib/api/publicationsApi';
import { theme } from '@/lib/theme/themes';
import { Button, EntryActions } from '@/ui';

export const CITATIONS_PENDING = 'The APA, Chicago and RIS citations are being prepared and appear here in a moment.';

/** The styles people read first, then the files reference managers import. */
const ORDER: CitationFormat[] = ['apa', 'chicago', 'bibtex', 'ris'];
/** The styles shown with their italics: HTML the server wrote, holding nothing but text and emphasis. */
const HTML_OF: Partial<Record<CitationFormat, 'apa_html' | 'chicago_html'>> = { apa: 'apa_html', chicago: 'chicago_html' };

const Formats = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  h3 {
    margin: 0 0 ${theme.space[2]};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.md};
  }
`;
/** Wrapped rather than scrolled, so that a long DOI or BibTeX line stays readable on a phone. */
const Text = styled.pre<{ $code: boolean }>`
  margin: 0 0 ${theme.space[2]};
  padding: ${theme.space[3]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
  font-family: ${({ $code }) => ($code ? theme.fonts.mono : theme.fonts.body)};
  font-size: ${({ $code }) => ($code ? theme.fontSizes.xs : theme.fontSizes.sm)};
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** While the server formats a changed paper's citations, the page asks for them again this often, this many times at most. */
const PENDING_POLL_MS = 3_000;
const PENDING_POLLS = 20;

/** Asks for the paper again while its citations are being formatted, until they are there (or it has asked long enough). */
function useCitationsWhenFormatted(paper: Paper): boolean {
  const pending = !paper.citations.apa;
  const [polls, setPolls] = useState(0);
  const { fulfilledTimeStamp } = useGetPaperQuery(paper.key, { pollingInterval: pending && polls < PENDING_POLLS ? PENDING_POLL_MS : 0 });
  useEffect(() => {
    if (pending) setPolls((count) => count + 1);
  }, [pending, fulfilledTimeStamp]);
  return pending;
}

type Copied = { format: CitationFormat; by: 'clipboard' | 'selection' };

/** One citation: its text, a button that copies it and a link that downloads it as a file. */
function Citation({ paper, format, onCopy }: { paper: Paper; format: CitationFormat; onCopy: (copied: Copied) => void }) {
  const text = useRef<HTMLPreElement>(null);
  const { label, extension } = CITATION_FORMATS[format];
  const headingId = `cite-${format}`;
  const html = HTML_OF[format] && paper.citations[HTML_OF[format]];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(paper.citations[format]);
      onCopy({ format, by: 'clipboard' });
    } catch {
      // No clipboard (an older browser, or permission refused): the text is selected to copy by hand.
      const selection = window.getSelection();
      if (text.current && selection) selection.selectAllChildren(text.current);
      onCopy({ format, by: 'selection' });
    }
  };
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{label}</h3>
      {html ? (
        <Text ref={text} $code={false} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <Text ref={text} $code={extension !== 'txt'}>
          {paper.citations[format]}
        </Text>
      )}
      <EntryActions>
        <Button $variant="secondary" $size="sm" onClick={() => void copy()}>
          Copy<span className="visually-hidden"> {label} citation</span>
        </Button>
        <a href={apiPaths.paperCitation(paper.key, format)} download>
          Download .{extension}
          <span className="visually-hidden"> ({label})</span>
        </a>
      </EntryActions>
    </section>
  );
}

/** The paper's citation in APA, Chicago, BibTeX and RIS, each to copy or download; the server wrote them. */
export function CiteAs({ paper }: { paper: Paper }) {
  const [copied, setCopied] = useState<Copied>();
  const pending = useCitationsWhenFormatted(paper);
  const said = copied && `${CITATION_FORMATS[copied.format].label} citation ${copied.by === 'clipboard' ? 'copied.' : 'selected: copy it with Ctrl+C or ⌘C.'}`;
  return (
    <section aria-labelledby="cite-as">
      <h2 id="cite-as">Cite as</h2>
      <p role="status">{said ?? (pending ? CITATIONS_PENDING : '')}</p>
      <Formats>
        {ORDER.filter((format) => paper.citations[format]).map((format) => (
          <Citation key={format} paper={paper} format={format} onCopy={setCopied} />
        ))}
      </Formats>
    </section>
  );
}
