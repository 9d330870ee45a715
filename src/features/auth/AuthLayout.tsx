import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Card, Muted, Page } from '../../ui';

const Column = styled.div`
  max-width: 460px;
  margin: 0 auto;
`;

const Panel = styled(Card)`
  h1 { font-size: ${({ theme }) => theme.fontSizes.xl}; margin-bottom: ${({ theme }) => theme.space[2]}; }
  form { margin-top: ${({ theme }) => theme.space[5]}; }
`;

const Intro = styled(Muted)`
  font-family: ${({ theme }) => theme.fonts.ui};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Links under a form (forgot password, sign up, back to home). */
export const FormLinks = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  margin: ${({ theme }) => `${theme.space[5]} 0 0`};
  font-family: ${({ theme }) => theme.fonts.ui};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The full-width submit button of the account forms. */
export const SubmitRow = styled.div`
  display: grid;
  margin-top: ${({ theme }) => theme.space[5]};
`;

/** The narrow card every sign-in and account-recovery screen sits in. */
export function AuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Page>
      <Column>
        <Panel>
          <h1>{title}</h1>
          {intro && <Intro>{intro}</Intro>}
          {children}
        </Panel>
      </Column>
    </Page>
  );
}
