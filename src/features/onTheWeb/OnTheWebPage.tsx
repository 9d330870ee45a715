import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { isSitePath } from '@/contract/contentRules';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Button, ButtonLink, Card, CardGrid, Muted, Page, Prose, useSiteContentPage } from '@/ui';

const PresenceCard = styled(Card)<{ $disabled: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  background: ${({ $disabled }) => ($disabled ? theme.colors.surfaceAlt : theme.colors.surface)};
  h2 {
    font-size: ${theme.fontSizes.lg};
    margin-bottom: ${theme.space[2]};
  }
  p {
    flex: 1;
    color: ${theme.colors.muted};
  }
`;

export function OnTheWebPage() {
  useDocumentTitle('On the Web');
  const { content, pending } = useSiteContentPage();
  if (!content) return pending;
  return (
    <Page>
      <Prose>
        <h1>On the Web</h1>
        <Muted>Where to follow my work. More channels are on their way.</Muted>
      </Prose>
      <CardGrid $min="240px">
        {content.on_the_web.map(({ title, description, href }) => (
          <PresenceCard as="article" key={title} $disabled={!href} aria-label={title}>
            <h2>{title}</h2>
            <p>{description}</p>
            {href && isSitePath(href) ? (
              <ButtonLink as={Link} to={href}>
                Visit Page
              </ButtonLink>
            ) : href ? (
              <ButtonLink href={href} target="_blank" rel="noopener noreferrer">
                Visit Page
                <span className="visually-hidden"> (opens in a new tab)</span>
              </ButtonLink>
            ) : (
              <Button $variant="secondary" disabled>
                Coming Soon
              </Button>
            )}
          </PresenceCard>
        ))}
      </CardGrid>
    </Page>
  );
}
