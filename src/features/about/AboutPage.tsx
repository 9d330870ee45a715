import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Page, Prose, useSiteContentPage } from '@/ui';

export function AboutPage() {
  useDocumentTitle('About');
  const { content, pending } = useSiteContentPage();
  if (!content) return pending;
  return (
    <Page>
      <Prose>
        <h1>About</h1>
        {content.about.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Prose>
    </Page>
  );
}
