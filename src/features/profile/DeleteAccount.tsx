import { useState } from 'react';

import { Button, Card, FormAlert, Modal, Muted, PasswordField, Row, SubmitButton, useFields } from '@/ui';

import { useDeleteAccountMutation } from './profileApi';
import { useProfileSubmit } from './useProfileSubmit';

/** Deleting the account is final, so it asks for the password in a confirmation dialog. */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const { fields, setFields, bind } = useFields({ password: '' });
  const { message, setMessage, onSubmit } = useProfileSubmit({
    busy: isLoading,
    failure: 'Failed to delete account.',
    fields: ['password', 'detail'],
    send: async () => {
      await deleteAccount(fields).unwrap();
      setOpen(false);
      onDeleted();
      return null;
    },
  });

  function close() {
    setOpen(false);
    setFields({ password: '' });
    setMessage(null);
  }

  return (
    <Card aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete account</h2>
      <Muted>This removes your details and signs you out everywhere. It cannot be undone.</Muted>
      <Button $variant="danger" onClick={() => setOpen(true)}>
        Delete my account…
      </Button>
      <Modal title="Delete your account?" open={open} onClose={close}>
        <p>Your details, interest notes and sessions will be deleted for good. Enter your password to confirm.</p>
        <FormAlert message={message} />
        <form onSubmit={onSubmit}>
          <PasswordField label="Password" autoComplete="current-password" required {...bind('password')} />
          <Row>
            <SubmitButton $variant="danger" busy={isLoading} busyText="Deleting...">
              Delete account permanently
            </SubmitButton>
            <Button $variant="secondary" onClick={close} disabled={isLoading}>
              Keep my account
            </Button>
          </Row>
        </form>
      </Modal>
    </Card>
  );
}
