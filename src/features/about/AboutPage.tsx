import styled from 'styled-components';

import { profileItems } from '@/contract/identity';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Page, ProfileLinks, Prose, Side, useSiteContentPage, WithAside } from '@/ui';

const Aside = styled(Side)`
  align-self: start;
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};
  h2 {
    font-size: ${theme.fontSizes.lg};
    margin: 0 0 ${theme.space[3]};
  }
  ul {
    list-style: none;
    margin: 0 0 ${theme.space[3]};
    padding: 0;
  }
  li + li {
    margin-top: ${theme.space[2]};
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export function AboutPage() {
  useDocumentTitle('About');
  const { content, pending } = useSiteContentPage();
  if (!content) return pending;
  return (
    <Page>
      <WithAside>
        <Prose>
          <h1>About</h1>
          {content.about.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Prose>
        <Aside as="aside" aria-labelledby="about-elsewhere">
          <h2 id="about-elsewhere">Elsewhere</h2>
          <ProfileLinks links={profileItems(content)} />
          <p>
            <a href={`mailto:${content.email}`}>{content.email}</a>
          </p>
        </Aside>
      </WithAside>
    </Page>
  );
}
