import { Link } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { useGetSelectedPapersQuery } from '@/lib/api/publicationsApi';
import { MathTitle } from '@/ui';

import { ItemNote } from './DatedList';
import { LatestSection } from './LatestSection';

/** Beyond this many authors, the first and "et al.": the line stays short. */
const MAX_AUTHORS = 3;

const authorsInShort = (authors: string[]) => (authors.length > MAX_AUTHORS ? `${authors[0]} et al.` : authors.join(', '));

/**
 * The papers staff chose, under the owner's introduction, laid out as the news and notes are (the year
 * in the date column), each leading to its page; nothing at all until some are chosen.
 */
export function SelectedPapers() {
  const { data: papers = [] } = useGetSelectedPapersQuery();
  return (
    <LatestSection id="home-papers" title="Selected papers" all={{ to: paths.research, label: 'All research' }} columns>
      {papers.map((paper) => (
        <li key={paper.id}>
          {paper.year === null ? <span /> : <time dateTime={String(paper.year)}>{paper.year}</time>}
          <div>
            <Link to={paths.paper(paper.key)}>
              <MathTitle html={paper.title_html} text={paper.title_text} />
            </Link>
            <ItemNote>{[authorsInShort(paper.authors), paper.venue].filter(Boolean).join(' · ')}</ItemNote>
          </div>
        </li>
      ))}
    </LatestSection>
  );
}
