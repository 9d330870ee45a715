import styled from 'styled-components';

import { companyName } from '@/contract/identity';
import { useSiteContent } from '@/lib/content/useSiteContent';
import { theme } from '@/lib/theme/themes';
import { NotFoundMessage } from '@/ui';

const Screen = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  main {
    flex: 1;
    display: grid;
    place-content: center;
    padding: ${theme.space[8]} ${theme.space[4]};
  }
  footer {
    padding: ${theme.space[5]};
    border-top: 1px solid ${theme.colors.border};
    color: ${theme.colors.muted};
    font: ${theme.fontSizes.sm} ${theme.fonts.ui};
    text-align: center;
  }
`;

/** The catch-all screen, outside the shared layout. */
export function NotFoundPage() {
  const { content } = useSiteContent();
  const company = content && companyName(content);
  return (
    <Screen>
      <main>
        <NotFoundMessage />
      </main>
      <footer>
        © {new Date().getFullYear()} {company}
      </footer>
    </Screen>
  );
}
