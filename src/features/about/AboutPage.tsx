import { ContentPending } from '@/lib/content/ContentPending';
import { useSiteContent } from '@/lib/content/useSiteContent';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Page, Prose } from '@/ui';

export function AboutPage() {
  useDocumentTitle('About');
  const { content, isError, refetch } = useSiteContent();
  if (!content) return <ContentPending isError={isError} retry={refetch} />;
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
