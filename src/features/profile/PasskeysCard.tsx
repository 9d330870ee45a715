import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

import { formatDateTime } from '@/contract/dates';
import type { Passkey } from '@/contract/passkeys';
import { PASSKEY_NAME_MAX } from '@/contract/signInRules';
import { failureMessage } from '@/lib/api/errors';
import { theme } from '@/lib/theme/themes';
import { browserSupportsPasskeys, ceremonyFailure, loadWebAuthn, PASSKEY_MESSAGES } from '@/lib/webauthn';
import { Alert, Button, Card, FormAlert, type FormMessage, hiddenHeading, Input, LoadingText, Muted, Row, SubmitButton, Table, TextField } from '@/ui';

import { describeDevice } from './formatting';
import {
  useAddPasskeyMutation,
  useGetPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from './passkeysApi';
import { RecoveryCodes } from './RecoveryCodes';

const ActionCell = styled.td`
  white-space: nowrap;
`;

/** One grid item in the phone's card layout, so that the buttons stay side by side beside their label. */
const Actions = styled(Row)`
  justify-content: flex-end;
  @media (max-width: ${theme.breakpoints.phone}) {
    justify-content: flex-start;
  }
`;

const AddForm = styled.form`
  max-width: 28rem;
  margin-top: ${theme.space[5]};
`;

const RenameRow = styled(Row)`
  flex-wrap: nowrap;
  > input {
    min-width: 8rem;
  }
`;

/** The name a new passkey is offered: the browser and system it is made in ("Chrome on macOS"). */
const thisDevice = () => (typeof navigator === 'undefined' ? '' : describeDevice(navigator.userAgent));

/** One passkey's row: its name (or the rename field), dates, and its actions. */
function PasskeyRow({
  passkey,
  busy,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  busy: boolean;
  onRename: (name: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = `passkey-name-${passkey.id}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft !== null && (await onRename(draft))) setDraft(null);
  }

  return (
    <tr>
      <td data-label="Name">
        {draft === null ? (
          passkey.name
        ) : (
          <form onSubmit={(event) => void save(event)}>
            <label htmlFor={inputId} className="visually-hidden">
              New name for {passkey.name}
            </label>
            <RenameRow $gap={2}>
              <Input id={inputId} value={draft} maxLength={PASSKEY_NAME_MAX} required autoFocus onChange={(event) => setDraft(event.target.value)} />
              <Button type="submit" $size="sm" disabled={busy}>
                Save
              </Button>
              <Button $variant="ghost" $size="sm" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </RenameRow>
          </form>
        )}
      </td>
      <td data-label="Added">{formatDateTime(passkey.created_at)}</td>
      <td data-label="Last used">{passkey.last_used_at ? formatDateTime(passkey.last_used_at) : 'Never'}</td>
      <ActionCell data-label="Actions">
        <Actions $gap={2}>
          {draft === null && (
            <Button $variant="secondary" $size="sm" disabled={busy} onClick={() => setDraft(passkey.name)}>
              Rename<span className="visually-hidden"> {passkey.name}</span>
            </Button>
          )}
          <Button $variant="danger" $size="sm" disabled={busy} onClick={onRemove}>
            Remove<span className="visually-hidden"> {passkey.name}</span>
          </Button>
        </Actions>
      </ActionCell>
    </tr>
  );
}

/**
 * The account's passkeys: add one (the browser asks the device), see when each was last used,
 * rename and remove them. Staff also keep recovery codes here, for when every passkey is lost.
 */
export function PasskeysCard({ withRecoveryCodes }: { withRecoveryCodes: boolean }) {
  const passkeys = useGetPasskeysQuery();
  const [getOptions, optionsState] = usePasskeyRegistrationOptionsMutation();
  const [addPasskey, adding] = useAddPasskeyMutation();
  const [renamePasskey, renaming] = useRenamePasskeyMutation();
  const [removePasskey, removing] = useRemovePasskeyMutation();
  const [name, setName] = useState(thisDevice);
  const [message, setMessage] = useState<FormMessage | null>(null);
  // From the options' request to the saved passkey, the device's own prompt included.
  const [ceremony, setCeremony] = useState(false);
  const busy = optionsState.isLoading || adding.isLoading || renaming.isLoading || removing.isLoading;

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy || ceremony) return;
    setMessage(null);
    if (!browserSupportsPasskeys()) {
      setMessage({ tone: 'error', text: PASSKEY_MESSAGES.unsupported });
      return;
    }
    setCeremony(true);
    try {
      const [{ startRegistration }, optionsJSON] = await Promise.all([loadWebAuthn(), getOptions().unwrap()]);
      let credential;
      try {
        credential = await startRegistration({ optionsJSON });
      } catch (error) {
        const text = ceremonyFailure(error);
        if (text) setMessage({ tone: 'error', text: `Failed to add a passkey. ${text}` });
        return;
      }
      const added = await addPasskey({ name, credential }).unwrap();
      setName(thisDevice());
      setMessage({ tone: 'success', text: `Passkey “${added.name}” added. You can sign in with it from now on.` });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Failed to add a passkey.', error) });
    } finally {
      setCeremony(false);
    }
  }

  async function rename(passkey: Passkey, newName: string): Promise<boolean> {
    setMessage(null);
    try {
      const renamed = await renamePasskey({ id: passkey.id, name: newName }).unwrap();
      setMessage({ tone: 'success', text: `Passkey renamed to “${renamed.name}”.` });
      return true;
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Failed to rename the passkey.', error, ['name', 'detail']) });
      return false;
    }
  }

  async function remove(passkey: Passkey) {
    if (!window.confirm(`Remove the passkey “${passkey.name}”? It will no longer sign you in.`)) return;
    setMessage(null);
    try {
      await removePasskey(passkey.id).unwrap();
      setMessage({ tone: 'success', text: `Passkey “${passkey.name}” removed.` });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Failed to remove the passkey.', error) });
    }
  }

  return (
    <Card aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <Muted>
        Sign in with your fingerprint, face or device PIN instead of your password. The passkey stays on your device or in your password manager; this site
        keeps only a key that checks it.
      </Muted>
      <FormAlert message={message} />
      {passkeys.isLoading && <LoadingText>Loading passkeys...</LoadingText>}
      {passkeys.isError && <Alert tone="error">Failed to load your passkeys. Please reload the page.</Alert>}
      {passkeys.data &&
        (passkeys.data.length === 0 ? (
          <Muted>You have no passkeys yet.</Muted>
        ) : (
          <Table caption="Your passkeys" columns={['Name', 'Added', 'Last used', hiddenHeading('Actions')]}>
            <tbody>
              {passkeys.data.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  busy={busy}
                  onRename={(newName) => rename(passkey, newName)}
                  onRemove={() => void remove(passkey)}
                />
              ))}
            </tbody>
          </Table>
        ))}
      <AddForm onSubmit={(event) => void add(event)}>
        <TextField
          label="Name of the new passkey"
          hint="The device or password manager that keeps it, so you can tell your passkeys apart."
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <SubmitButton busy={ceremony} busyText="Waiting for your device..." disabled={busy}>
          Add a passkey
        </SubmitButton>
      </AddForm>
      {withRecoveryCodes && <RecoveryCodes />}
    </Card>
  );
}
