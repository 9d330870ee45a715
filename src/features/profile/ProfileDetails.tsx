import { useState } from 'react';
import styled from 'styled-components';

import type { User } from '@/contract';
import type { ProfileUpdate } from '@/contract/accounts';
import { formatDate } from '@/contract/dates';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { theme } from '@/lib/theme/themes';
import { Button, Card, FormAlert, Row, SubmitButton, TextAreaField, TextField, useFields } from '@/ui';

import { useUpdateProfileMutation } from './profileApi';
import { useProfileSubmit } from './useProfileSubmit';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${theme.space[2]} ${theme.space[5]};
  margin: 0 0 ${theme.space[5]};
  dt {
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  @media (max-width: ${theme.breakpoints.phone}) {
    grid-template-columns: 1fr;
    dt {
      margin-top: ${theme.space[2]};
    }
  }
`;

const NameRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  column-gap: ${theme.space[4]};
`;

/** Every editable field, as the form holds them. */
type Draft = Required<ProfileUpdate>;

const pick = ({ first_name, last_name, interest_notes }: User): Draft => ({ first_name, last_name, interest_notes });

/** The account's details, with an edit mode for the names and interest notes. */
export function ProfileDetails({ user }: { user: User }) {
  const [save, { isLoading }] = useUpdateProfileMutation();
  const [editing, setEditing] = useState(false);
  const { fields: draft, setFields: setDraft, bind } = useFields<Draft>(pick(user));
  const { message, setMessage, onSubmit } = useProfileSubmit({
    busy: isLoading,
    failure: 'Failed to update profile.',
    fields: ['first_name', 'last_name', 'interest_notes', 'detail'],
    send: async () => {
      await save({ first_name: draft.first_name.trim(), last_name: draft.last_name.trim(), interest_notes: draft.interest_notes.trim() }).unwrap();
      setEditing(false);
      return { tone: 'success', text: 'Profile updated.' };
    },
  });

  function startEditing() {
    setDraft(pick(user));
    setMessage(null);
    setEditing(true);
  }

  return (
    <Card aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">Your details</h2>
      <FormAlert message={message} />
      {editing ? (
        <form onSubmit={onSubmit}>
          <NameRow>
            <TextField label="First name" autoComplete="given-name" required maxLength={FIELD_LIMITS.personName} {...bind('first_name')} />
            <TextField label="Last name" autoComplete="family-name" required maxLength={FIELD_LIMITS.personName} {...bind('last_name')} />
          </NameRow>
          <TextAreaField
            label="Interest notes"
            hint="Optional: the topics you would like to hear about."
            maxLength={FIELD_LIMITS.interestNotes}
            {...bind('interest_notes')}
          />
          <Row>
            <SubmitButton busy={isLoading} busyText="Saving...">
              Save changes
            </SubmitButton>
            <Button $variant="secondary" onClick={() => setEditing(false)} disabled={isLoading}>
              Cancel
            </Button>
          </Row>
        </form>
      ) : (
        <>
          <Facts>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>First name</dt>
            <dd>{user.first_name || '—'}</dd>
            <dt>Last name</dt>
            <dd>{user.last_name || '—'}</dd>
            <dt>Interest notes</dt>
            <dd>{user.interest_notes || 'None yet.'}</dd>
            <dt>Member since</dt>
            <dd>{formatDate(user.date_joined)}</dd>
          </Facts>
          <Button $variant="secondary" onClick={startEditing}>
            Edit details
          </Button>
        </>
      )}
    </Card>
  );
}
