import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { useSiteContent } from '@/lib/content/useSiteContent';
import { paths } from '@/lib/paths';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { ButtonLink } from '@/ui';

const Screen = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  text-align: center;
  main {
    flex: 1;
    display: grid;
    place-content: center;
    justify-items: center;
    padding: ${theme.space[8]} ${theme.space[4]};
  }
  h1 {
    font-size: ${theme.fontSizes.hero};
  }
  h1 + p {
    color: ${theme.colors.muted};
    font-style: italic;
  }
  p {
    max-width: ${theme.maxWidth.text};
  }
  footer {
    padding: ${theme.space[5]};
    border-top: 1px solid ${theme.colors.border};
    color: ${theme.colors.muted};
    font: ${theme.fontSizes.sm} ${theme.fonts.ui};
  }
`;

/** The catch-all screen, outside the shared layout. */
export function NotFoundPage() {
  useDocumentTitle('404');
  const companyName = useSiteContent().content?.company_name;
  return (
    <Screen>
      <main>
        <h1>Bee Error?</h1>
        <p>.. ops it seems this page cannot be found ..</p>
        <p>We can’t seem to find the page you are looking for!</p>
        <ButtonLink as={Link} to={paths.home}>
          Back to Home Page
        </ButtonLink>
      </main>
      <footer>
        © {new Date().getFullYear()} {companyName}
      </footer>
    </Screen>
  );
}
