import { pageHeads } from '@/content/head';
import { pages } from '@/content/pages';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Page, Prose } from '@/ui';

export function AboutPage() {
  useDocumentTitle(pageHeads.about.title);
  return (
    <Page>
      <Prose>
        <h1>About</h1>
        {pages.about.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Prose>
    </Page>
  );
}
