import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';

import type { FollowChoices, FollowChoicesInput } from '@/contract/follow';
import { FOLLOW_KIND_LABELS, FOLLOW_KINDS, FOLLOW_MESSAGES } from '@/contract/followRules';
import { failureMessage } from '@/lib/api/errors';
import { useGetFollowChoicesQuery, useResendConfirmationMutation, useSaveFollowChoicesMutation } from '@/lib/api/followApi';
import { theme } from '@/lib/theme/themes';
import { Alert, Button, Card, CheckboxField, FormAlert, type FormMessage, Group, LoadingText, Muted, SubmitButton } from '@/ui';

/** Checkboxes or radios side by side, wrapping on narrow screens. */
const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[5]};
  > label {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: 32px;
    margin-bottom: 0;
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${theme.colors.accent};
  }
`;

const chosen = (choices: FollowChoices): FollowChoicesInput => ({ papers: choices.papers, notes: choices.notes, talks: choices.talks, digest: choices.digest });

/** Confirming the account's address comes first: until then, the link can be sent again. */
function ConfirmFirst() {
  const [resend, { isLoading }] = useResendConfirmationMutation();
  const [message, setMessage] = useState<FormMessage | null>(null);
  async function onResend() {
    try {
      setMessage({ tone: 'success', text: (await resend().unwrap()).detail });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('The link was not sent.', error) });
    }
  }
  return (
    <>
      <Alert tone="info">{FOLLOW_MESSAGES.emailUnconfirmed}</Alert>
      <FormAlert message={message} />
      <Button $variant="secondary" onClick={() => void onResend()} disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send the link again'}
      </Button>
    </>
  );
}

/** What the account follows: each kind of publication separately, as published or in a weekly digest. */
export function FollowCard() {
  const current = useGetFollowChoicesQuery();
  const [save, { isLoading }] = useSaveFollowChoicesMutation();
  const [choices, setChoices] = useState<FollowChoicesInput | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  useEffect(() => {
    if (current.data) setChoices(chosen(current.data));
  }, [current.data]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choices || isLoading) return;
    try {
      const saved = await save(choices).unwrap();
      setMessage({ tone: 'success', text: saved.following ? FOLLOW_MESSAGES.saved : FOLLOW_MESSAGES.stopped });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Your choices were not saved.', error) });
    }
  }

  return (
    <Card aria-labelledby="follow-title">
      <h2 id="follow-title">Follow the research</h2>
      <Muted>An email when something new is published, of the kinds you choose; every email has a link that stops them.</Muted>
      {current.isLoading && <LoadingText>Loading your choices...</LoadingText>}
      {current.isError && <Alert tone="error">Failed to load your choices. Please reload the page.</Alert>}
      {current.data && !current.data.email_confirmed && <ConfirmFirst />}
      {current.data?.email_confirmed && choices && (
        <form onSubmit={onSubmit}>
          <FormAlert message={message} />
          <Group legend="What to get">
            <Choices>
              {FOLLOW_KINDS.map((kind) => (
                <CheckboxField
                  key={kind}
                  label={FOLLOW_KIND_LABELS[kind]}
                  name={kind}
                  checked={choices[kind]}
                  onChange={(event) => setChoices({ ...choices, [kind]: event.target.checked })}
                />
              ))}
            </Choices>
          </Group>
          <Group legend="How">
            <Choices>
              <label>
                <input type="radio" name="how" checked={!choices.digest} onChange={() => setChoices({ ...choices, digest: false })} />
                An email for each
              </label>
              <label>
                <input type="radio" name="how" checked={choices.digest} onChange={() => setChoices({ ...choices, digest: true })} />A weekly digest
              </label>
            </Choices>
          </Group>
          <SubmitButton busy={isLoading} busyText="Saving...">
            Save choices
          </SubmitButton>
        </form>
      )}
    </Card>
  );
}
