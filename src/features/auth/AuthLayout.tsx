import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';

import { useHydrated } from '@/lib/hydration';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Card, Muted, Page } from '@/ui';

const Column = styled.div`
  max-width: 460px;
  margin: 0 auto;
`;

const Panel = styled(Card)`
  h1 {
    font-size: ${theme.fontSizes.xl};
    margin-bottom: ${theme.space[2]};
  }
  form {
    margin-top: ${theme.space[5]};
  }
`;

const Intro = styled(Muted)`
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

/** Links under a form (forgot password, sign up, back to home). */
export const FormLinks = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: ${theme.space[5]} 0 0;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

const Fields = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

/**
 * The form of a sign-in screen. These screens arrive server-rendered: until the app has taken
 * the page over, the fields stay disabled (typing would be lost and a native submit would put the
 * password in the address), and a native submit could only ever POST.
 */
export function AuthForm({ onSubmit, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <form method="post" onSubmit={onSubmit}>
      <Fields disabled={!hydrated}>{children}</Fields>
    </form>
  );
}

/** The full-width submit button of the account forms. */
export const SubmitRow = styled.div`
  display: grid;
  margin-top: ${theme.space[5]};
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
