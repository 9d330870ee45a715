import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';

import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { FOLLOW_MESSAGES } from '@/contract/followRules';
import { apiPaths, paths } from '@/contract/paths';
import { fieldMessage, isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';
import { useRequestFollowMutation } from '@/lib/api/followApi';
import { useSiteContent } from '@/lib/content/useSiteContent';
import { useAuth } from '@/lib/session/AuthProvider';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Card, FormAlert, type FormMessage, Muted, Page, Prose, SubmitButton, TextField } from '@/ui';

const Panel = styled(Card)`
  max-width: 34rem;
  margin-top: ${theme.space[5]};
`;

/**
 * Following the research with an address alone (/follow), and where the footer's plain form leads
 * (/follow/requested, /follow?invalid, or /follow?busy=MINUTES past the limits on follow requests).
 * The form posts natively too, before the page's scripts run.
 */
export function FollowPage() {
  useDocumentTitle('Follow');
  const { content } = useSiteContent();
  const { isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const [requestFollow, { isLoading }] = useRequestFollowMutation();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<FormMessage | null>(() => {
    if (pathname === paths.followRequested) return { tone: 'success', text: FOLLOW_MESSAGES.requested };
    if (searchParams.has('invalid')) return { tone: 'error', text: FOLLOW_MESSAGES.invalidEmail };
    const busyMinutes = Number(searchParams.get('busy'));
    // The limits count by the hour.
    if (Number.isInteger(busyMinutes) && busyMinutes > 0 && busyMinutes <= 60) return { tone: 'error', text: FOLLOW_MESSAGES.tooMany(busyMinutes) };
    return null;
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setMessage(null);
    try {
      const { detail } = await requestFollow({ email: email.trim() }).unwrap();
      setEmail('');
      setMessage({ tone: 'success', text: detail });
    } catch (error) {
      setMessage({
        tone: 'error',
        text: isNetworkError(error) ? NETWORK_ERROR_MESSAGE : (fieldMessage(error, ['email', 'detail']) ?? FOLLOW_MESSAGES.invalidEmail),
      });
    }
  }

  return (
    <Page>
      <Prose>
        <h1>Follow the research</h1>
        <p>
          Get an email when {content?.name ?? 'the author'} publishes a new paper, note or talk. Give your address and open the link we send to it: nothing else
          is sent before. Every email has a link that stops them, no sign-in needed.
        </p>
      </Prose>
      <Panel aria-labelledby="follow-by-email">
        <h2 id="follow-by-email">By email alone</h2>
        <FormAlert message={message} />
        <form method="post" action={apiPaths.follow} onSubmit={onSubmit}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={FIELD_LIMITS.email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SubmitButton busy={isLoading} busyText="Sending...">
            Follow
          </SubmitButton>
        </form>
      </Panel>
      <Panel aria-labelledby="follow-with-account">
        <h2 id="follow-with-account">With an account</h2>
        <Muted>Choose papers, notes and talks separately, or one weekly digest instead.</Muted>
        {isAuthenticated ? (
          <Link to={paths.profile}>Choose in your profile</Link>
        ) : (
          <p>
            <Link to={paths.signin}>Sign in</Link> or <Link to={paths.register}>register</Link>, then choose in your profile.
          </p>
        )}
      </Panel>
    </Page>
  );
}
