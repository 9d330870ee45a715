import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

import { failureMessage } from '@/lib/api/errors';
import { theme } from '@/lib/theme/themes';
import { Alert, Card, CheckboxField, FieldHint, FormAlert, type FormMessage, LoadingText, Muted, SubmitButton } from '@/ui';

import { useGetSignInSecurityQuery, useUpdateSignInSecurityMutation } from './adminApi';

const Panel = styled(Card)`
  max-width: ${theme.maxWidth.text};
  h2 {
    margin-top: 0;
  }
`;

const Count = styled.p`
  font-family: ${theme.fonts.ui};
  font-weight: 600;
`;

const Hint = styled(FieldHint)`
  margin: -${theme.space[3]} 0 ${theme.space[4]};
`;

/** A command to type, kept on one line. */
const Command = styled.code`
  white-space: nowrap;
`;

const HINT_ID = 'passkeys-required-hint';

/** Whether staff must sign in with a passkey: every staff member sees it, the owner alone changes it. */
export function SecurityPanel() {
  const security = useGetSignInSecurityQuery();
  const [update, updating] = useUpdateSignInSecurityMutation();
  const [draft, setDraft] = useState<boolean | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const data = security.data;
  const required = draft ?? data?.staff_passkeys_required ?? false;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      const saved = await update({ staff_passkeys_required: required }).unwrap();
      setDraft(null);
      setMessage({
        tone: 'success',
        text: saved.staff_passkeys_required
          ? 'Passkeys are now required: staff who have one sign in with it.'
          : 'Passkeys are no longer required: staff may sign in with their password.',
      });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Failed to change how staff sign in.', error) });
    }
  }

  return (
    <section aria-labelledby="admin-security-heading">
      <Panel>
        <h2 id="admin-security-heading">Sign-in security</h2>
        <Muted>
          A passkey cannot be guessed, reused from another site or typed into a fake one. When passkeys are required, a staff member who has added one can no
          longer sign in with the password alone; staff without a passkey still can, so that they can add one on their profile.
        </Muted>
        <FormAlert message={message} />
        {security.isLoading && <LoadingText>Loading the sign-in settings...</LoadingText>}
        {security.isError && <Alert tone="error">{failureMessage('Failed to load the sign-in settings.', security.error)}</Alert>}
        {data && (
          <form onSubmit={(event) => void onSubmit(event)}>
            <Count>
              {data.staff_with_passkeys} of {data.staff_count} staff {data.staff_count === 1 ? 'member has' : 'members have'} a passkey.
            </Count>
            <CheckboxField
              label="Require passkeys for staff"
              checked={required}
              disabled={!data.viewer_is_owner || updating.isLoading}
              aria-describedby={HINT_ID}
              onChange={(event) => setDraft(event.target.checked)}
            />
            <Hint id={HINT_ID}>
              {data.viewer_is_owner ? (
                <>
                  Staff who lose their passkeys sign in with their password and one of their recovery codes; the operator’s{' '}
                  <Command>npm run reset-password</Command> still lets anyone back in.
                </>
              ) : (
                'Only the site’s owner can change this.'
              )}
            </Hint>
            {data.viewer_is_owner && (
              <SubmitButton busy={updating.isLoading} busyText="Saving..." disabled={required === data.staff_passkeys_required}>
                Save
              </SubmitButton>
            )}
          </form>
        )}
      </Panel>
    </section>
  );
}
