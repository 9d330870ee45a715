import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { site } from '../../content/site';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ButtonLink } from '../../ui';

const Screen = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  font-family: ${({ theme }) => theme.fonts.ui};
`;
const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
  text-align: center;
  h1 { font-family: ${({ theme }) => theme.fonts.body}; font-size: ${({ theme }) => theme.fontSizes.hero}; }
`;
const Subtext = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-style: italic;
`;
const Message = styled.p`
  max-width: ${({ theme }) => theme.maxWidth.text};
  margin-bottom: ${({ theme }) => theme.space[6]};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;
const Footer = styled.footer`
  padding: ${({ theme }) => theme.space[5]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;

/** The catch-all screen, outside the shared layout (spec §2 Not-found screen). */
export function NotFoundPage() {
  useDocumentTitle('404');
  return (
    <Screen>
      <Main>
        <h1>Bee Error?</h1>
        <Subtext>.. ops it seems this page cannot be found ..</Subtext>
        <Message>We can’t seem to find the page you are looking for!</Message>
        <ButtonLink as={Link} to={paths.home}>
          Back to Home Page
        </ButtonLink>
      </Main>
      <Footer>
        © {new Date().getFullYear()} {site.companyName}
      </Footer>
    </Screen>
  );
}
