import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import type { RegisterRequest } from '@/contract/accounts';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { paths } from '@/contract/paths';
import { isNetworkError, registrationErrorLines } from '@/lib/api/errors';
import { theme } from '@/lib/theme/themes';
import { CheckboxField, FormAlert, type FormMessage, NEW_PASSWORD_HINT, PasswordField, SubmitButton, TextAreaField, TextField, useFields } from '@/ui';

import { useRegisterMutation } from './authApi';
import { AuthForm, AuthLayout, FormLinks, SubmitRow } from './AuthLayout';
import { messages } from './messages';
import { TermsModal } from './TermsModal';

const NameRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  column-gap: ${theme.space[4]};
`;

/** A button that reads as a link inside a sentence. */
const InlineButton = styled.button.attrs({ type: 'button' })`
  padding: 0;
  border: none;
  background: none;
  color: ${theme.colors.accent};
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;
  &:hover {
    color: ${theme.colors.accentHover};
  }
`;

type Fields = Required<RegisterRequest>;
const empty: Fields = { email: '', first_name: '', last_name: '', password: '', password2: '', interest_notes: '' };

/** Registration. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const { fields, bind } = useFields<Fields>(empty);
  const [agreed, setAgreed] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (fields.password !== fields.password2) {
      setMessage({ tone: 'error', text: messages.passwordMismatch });
      return;
    }
    if (!agreed) {
      setMessage({ tone: 'error', text: messages.termsRequired });
      return;
    }
    setMessage(null);
    try {
      await register({
        ...fields,
        email: fields.email.trim(),
        first_name: fields.first_name.trim(),
        last_name: fields.last_name.trim(),
        interest_notes: fields.interest_notes.trim(),
      }).unwrap();
      navigate(paths.registered);
    } catch (error) {
      if (isNetworkError(error)) {
        setMessage({ tone: 'error', text: messages.network });
        return;
      }
      const lines = registrationErrorLines(error);
      setMessage({ tone: 'error', text: lines.length ? lines : messages.registrationFailed });
    }
  }

  return (
    <AuthLayout title="Register" intro="An account lets you keep your details and interests on file with me.">
      <FormAlert message={message} />
      <AuthForm onSubmit={onSubmit}>
        <TextField label="Email" type="email" autoComplete="email" required maxLength={FIELD_LIMITS.email} {...bind('email')} />
        <NameRow>
          <TextField label="First name" autoComplete="given-name" required maxLength={FIELD_LIMITS.personName} {...bind('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required maxLength={FIELD_LIMITS.personName} {...bind('last_name')} />
        </NameRow>
        <PasswordField label="Password" autoComplete="new-password" required hint={NEW_PASSWORD_HINT} {...bind('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          aria-invalid={message?.text === messages.passwordMismatch ? true : undefined}
          {...bind('password2')}
        />
        <TextAreaField
          label="Interest notes (optional)"
          hint="What brings you here: research topics, collaboration, hiring…"
          maxLength={FIELD_LIMITS.interestNotes}
          {...bind('interest_notes')}
        />
        <CheckboxField
          name="terms"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          label={
            <>
              I agree to the <InlineButton onClick={() => setTermsOpen(true)}>Terms and Conditions</InlineButton>
            </>
          }
        />
        <SubmitRow>
          <SubmitButton busy={isLoading} busyText="Registering...">
            Create an account
          </SubmitButton>
        </SubmitRow>
      </AuthForm>
      <FormLinks>
        <span>
          Already registered? <Link to={paths.signin}>Sign in</Link>
        </span>
        <Link to={paths.home}>← Back to home</Link>
      </FormLinks>
      <TermsModal
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAgree={() => {
          setAgreed(true);
          setTermsOpen(false);
        }}
      />
    </AuthLayout>
  );
}
