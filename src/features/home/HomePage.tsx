import { site } from '@/content/site';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Page } from '@/ui';

import { Hero } from './Hero';
import { InterestSection } from './InterestSection';

export function HomePage() {
  useDocumentTitle();
  return (
    <Page>
      <Hero />
      {site.interests.map((interest, index) => (
        <InterestSection key={interest.title} interest={interest} flip={index % 2 === 1} />
      ))}
    </Page>
  );
}
