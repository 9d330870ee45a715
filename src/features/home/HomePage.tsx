import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Page, useSiteContentPage } from '@/ui';

import { HomeColumns } from './DatedList';
import { Hero } from './Hero';
import { InterestSection } from './InterestSection';
import { NewsSection } from './NewsSection';
import { NotesSection } from './NotesSection';
import { SelectedPapers } from './SelectedPapers';

export function HomePage() {
  useDocumentTitle();
  const { content, pending } = useSiteContentPage();
  if (!content) return pending;
  return (
    <Page>
      <Hero content={content} />
      <SelectedPapers />
      <HomeColumns>
        <NewsSection />
        <NotesSection />
      </HomeColumns>
      {content.interests.map((interest, index) => (
        <InterestSection key={interest.title} interest={interest} flip={index % 2 === 1} />
      ))}
    </Page>
  );
}
