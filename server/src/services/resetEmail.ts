import type { UserRow } from '../db/schema';
import { escapeHtml } from '../lib/html';
import type { MailMessage } from './mailer';

/**
 * The password-reset message, plain text and HTML saying the same. It greets nobody by name: a name
 * is whatever someone typed at registration, and this mail goes to whoever asks for it.
 */
export function resetPasswordEmail(user: Pick<UserRow, 'email'>, link: string, siteUrl: string): MailMessage {
  const site = new URL(siteUrl).host;
  const greeting = 'Hello,';
  const text = [
    greeting,
    '',
    `Someone asked to reset the password of the account for ${user.email} on ${site}.`,
    'To choose a new password, open this link within the next hour:',
    '',
    link,
    '',
    'The link works once. If you did not ask for a new password, ignore this email: your password stays as it is.',
    '',
    `— ${site}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Georgia, 'Times New Roman', serif; line-height: 1.5; color: #1f2328;">
<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of the account for <strong>${escapeHtml(user.email)}</strong> on ${escapeHtml(site)}.
To choose a new password, open this link within the next hour:</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p style="font-size: 0.9em;">Or copy this address into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once. If you did not ask for a new password, ignore this email: your password stays as it is.</p>
<p>— ${escapeHtml(site)}</p>
</body>
</html>
`;
  return { to: user.email, subject: 'Reset your password', text, html };
}
