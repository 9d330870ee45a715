import { useState } from 'react';
import styled from 'styled-components';

import { failureMessage } from '@/lib/api/errors';
import { theme } from '@/lib/theme/themes';
import { Alert, Button, FormAlert, type FormMessage, Muted, ruleAbove } from '@/ui';

import { useCreateRecoveryCodesMutation, useGetRecoveryCodesStatusQuery } from './passkeysApi';

const Section = styled.section`
  ${ruleAbove(6, 5)}
  h3 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.fontSizes.md};
  }
`;

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${theme.space[1]} ${theme.space[4]};
  margin: ${theme.space[3]} 0;
  padding-left: ${theme.space[5]};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * One-time recovery codes: where staff must sign in with a passkey, one of them with the password
 * signs in when every passkey is lost. Only their hashes are kept, so new codes are shown this once.
 */
export function RecoveryCodes() {
  const status = useGetRecoveryCodesStatusQuery();
  const [create, creating] = useCreateRecoveryCodesMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const remaining = status.data?.remaining ?? 0;

  async function createCodes() {
    if (remaining > 0 && !window.confirm('New recovery codes replace the ones you have. Continue?')) return;
    setMessage(null);
    try {
      setCodes((await create().unwrap()).codes);
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Failed to create recovery codes.', error) });
    }
  }

  return (
    <Section aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title">Recovery codes</h3>
      <Muted>
        If you lose your passkeys, sign in with your password and one of these codes. Each code works once; keep them somewhere safe, away from this device.
      </Muted>
      <FormAlert message={message} />
      {codes ? (
        <Alert tone="info">
          <strong>Your new recovery codes. Save them now: they are shown only this once.</strong>
          <Codes aria-label="Recovery codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Codes>
          <Button $variant="secondary" $size="sm" onClick={() => setCodes(null)}>
            I have saved them
          </Button>
        </Alert>
      ) : (
        status.data && <p>{remaining ? `${remaining} unused ${remaining === 1 ? 'code' : 'codes'} left.` : 'You have no recovery codes.'}</p>
      )}
      {status.isError && <Alert tone="error">Failed to load your recovery codes. Please reload the page.</Alert>}
      {!codes && (
        <Button $variant="secondary" disabled={creating.isLoading || status.isLoading} onClick={() => void createCodes()}>
          {creating.isLoading ? 'Creating...' : remaining ? 'Create new recovery codes' : 'Create recovery codes'}
        </Button>
      )}
    </Section>
  );
}
