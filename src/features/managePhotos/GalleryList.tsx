import { Link } from 'react-router-dom';
import styled from 'styled-components';

import type { Gallery } from '@/contract';
import { paths } from '@/contract/paths';
import { theme } from '@/lib/theme/themes';
import { ButtonLink, Card, Muted, Row } from '@/ui';

const Header = styled(Row)`
  justify-content: space-between;
  margin-bottom: ${theme.space[4]};
  h2 {
    margin: 0;
  }
`;
const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-family: ${theme.fonts.ui};
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${theme.space[2]};
    padding: ${theme.space[2]} 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  code {
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.mono};
    font-size: ${theme.fontSizes.xs};
  }
`;

/** The existing galleries at a glance, with the way to the gallery management screen. */
export function GalleryList({ galleries }: { galleries: Gallery[] }) {
  return (
    <Card aria-labelledby="existing-galleries-heading">
      <Header>
        <h2 id="existing-galleries-heading">Existing Galleries</h2>
        <ButtonLink as={Link} to={paths.galleries} $variant="secondary" $size="sm">
          Manage Galleries
        </ButtonLink>
      </Header>
      {galleries.length === 0 ? (
        <Muted>No galleries yet.</Muted>
      ) : (
        <List>
          {galleries.map((gallery) => (
            <li key={gallery.id}>
              <span>{gallery.name}</span>
              <code>{gallery.slug}</code>
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}
