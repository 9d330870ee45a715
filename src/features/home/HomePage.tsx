import { ContentPending } from '@/lib/content/ContentPending';
import { useSiteContent } from '@/lib/content/useSiteContent';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Page } from '@/ui';

import { Hero } from './Hero';
import { InterestSection } from './InterestSection';

export function HomePage() {
  useDocumentTitle();
  const { content, isError, refetch } = useSiteContent();
  if (!content) return <ContentPending isError={isError} retry={refetch} />;
  return (
    <Page>
      <Hero content={content} />
      {content.interests.map((interest, index) => (
        <InterestSection key={interest.title} interest={interest} flip={index % 2 === 1} />
      ))}
    </Page>
  );
}
