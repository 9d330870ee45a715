import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';

import { theme } from '../lib/theme/themes';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ButtonLink } from './Button';

const Message = styled.div`
  display: grid;
  justify-items: center;
  text-align: center;
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
`;

/** What the site says where there is nothing: the not-found screen, and a page whose item is missing. */
export function NotFoundMessage() {
  useDocumentTitle('404');
  return (
    <Message>
      <h1>Bee Error?</h1>
      <p>.. ops it seems this page cannot be found ..</p>
      <p>We can’t seem to find the page you are looking for!</p>
      <ButtonLink as={Link} to={paths.home}>
        Back to Home Page
      </ButtonLink>
    </Message>
  );
}
