import { paths } from '../../contract/paths';
import type { SiteNames } from './followMail';
import type { MailMessage } from './mailer';
import { renderMail } from './mailLayout';

/** A new account's address is confirmed by this link before the account can follow the research. */
export function emailConfirmMail({ siteName, publicUrl }: SiteNames, email: string, confirmLink: string): MailMessage {
  const { text, html } = renderMail([
    { paragraph: `Someone, probably you, created an account on the site of ${siteName} with ${email}.` },
    { link: confirmLink, label: 'Confirm this email address' },
    {
      paragraph:
        'Once it is confirmed, you can follow the research by email from your profile. An account whose address is not confirmed within a week is removed.',
    },
    { link: `${publicUrl}${paths.login}`, label: 'Sign in' },
    { paragraph: 'If it was not you, ignore this email: the account will be removed.' },
    { footer: [`— ${siteName}, ${publicUrl}`] },
  ]);
  return { to: email, subject: `Confirm your email address for ${siteName}`, text, html };
}

/**
 * Someone registered with an address that has an account: the registration answered as if it were new
 * (so that nobody learns which addresses have accounts), and the address's owner learns of it here.
 */
export function registerAttemptMail({ siteName, publicUrl }: SiteNames, email: string, confirmLink?: string): MailMessage {
  const { text, html } = renderMail([
    {
      paragraph: `Someone, probably you, tried to create an account on the site of ${siteName} with ${email}. This address has an account already, so no new one was made.`,
    },
    { link: `${publicUrl}${paths.login}`, label: 'Sign in' },
    { link: `${publicUrl}${paths.forgotPassword}`, label: 'Forgot your password? Choose a new one' },
    ...(confirmLink ? [{ paragraph: 'The address of the account is not confirmed yet.' }, { link: confirmLink, label: 'Confirm this email address' }] : []),
    { paragraph: 'If it was not you, ignore this email: your account is unchanged.' },
    { footer: [`— ${siteName}, ${publicUrl}`] },
  ]);
  return { to: email, subject: `Someone tried to register with your email address on ${siteName}`, text, html };
}
