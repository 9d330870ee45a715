import { paths } from '../../contract/paths';
import type { FollowAnnouncementRow, FollowerRow } from '../db/schema';
import type { MailMessage } from './mailer';
import { renderMail } from './mailLayout';

/** A published item as a follower's mail lists it: its latest title, a line or two, and its page. */
export interface AnnouncedItem {
  kind: FollowAnnouncementRow['kind'];
  title: string;
  url: string;
  lines: string[];
}

export interface SiteNames {
  /** The owner's name, as the site's pages carry it. */
  siteName: string;
  /** Where readers open the links: the front end's address (FRONTEND_URL), else the site's. */
  publicUrl: string;
  /** The site itself (PUBLIC_URL): one-click unsubscribes are POSTed there, not to a front end elsewhere. */
  serverUrl: string;
}

type Recipient = Pick<FollowerRow, 'email' | 'unsubscribe_token' | 'user_id' | 'digest'>;

const KIND_WORDS: Record<AnnouncedItem['kind'], [one: string, many: string]> = { paper: ['paper', 'papers'], note: ['note', 'notes'], talk: ['talk', 'talks'] };

/** "2 papers and a note", "a note". */
function countedKinds(items: AnnouncedItem[]): string {
  const parts = (Object.keys(KIND_WORDS) as AnnouncedItem['kind'][]).flatMap((kind) => {
    const count = items.filter((item) => item.kind === kind).length;
    const [one, many] = KIND_WORDS[kind];
    return count === 0 ? [] : [count === 1 ? `a ${one}` : `${count} ${many}`];
  });
  return parts.join(' and ');
}

const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}${paths.unsubscribe(token)}`;

/**
 * A follower's mail: one or more newly published items, or (digest) what was published since the last
 * digest. It carries the RFC 8058 one-click unsubscribe headers and, in its text, the same address as
 * a link that works without signing in.
 */
export function followerMail({ siteName, publicUrl, serverUrl }: SiteNames, follower: Recipient, items: AnnouncedItem[], digest: boolean): MailMessage {
  const stopUrl = unsubscribeUrl(publicUrl, follower.unsubscribe_token);
  const [first] = items;
  const subject = digest
    ? `Digest: ${countedKinds(items)} from ${siteName}`
    : items.length === 1
      ? `New ${KIND_WORDS[first.kind][0]}: ${first.title} — ${siteName}`
      : `New from ${siteName}: ${countedKinds(items)}`;
  const intro = digest ? `Since the last digest, ${siteName} published ${countedKinds(items)}:` : `${siteName} published ${countedKinds(items)}:`;
  const why = digest
    ? `You get this digest because ${follower.email} follows the research of ${siteName}.`
    : `You get this email because ${follower.email} follows the research of ${siteName}.`;
  const { text, html } = renderMail([
    { paragraph: intro },
    ...items.map(({ title, url, lines }) => ({ title, url, lines })),
    {
      footer: [
        why,
        ...(follower.user_id !== null ? [`Choose what you get in your profile: ${publicUrl}${paths.profile}`] : []),
        `Stop these emails (no sign-in needed): ${stopUrl}`,
      ],
    },
  ]);
  return {
    to: follower.email,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl(serverUrl, follower.unsubscribe_token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The double opt-in: nothing else is sent to an address given alone until its owner opens this link. */
export function followConfirmMail({ siteName, publicUrl }: SiteNames, email: string, token: string): MailMessage {
  const { text, html } = renderMail([
    { paragraph: `Someone, probably you, asked for an email whenever ${siteName} publishes a new paper, note or talk, sent to ${email}.` },
    { link: `${publicUrl}${paths.followConfirm(token)}`, label: 'Yes, send me these emails' },
    { paragraph: 'If it was not you, ignore this email: nothing will be sent to this address.' },
    { footer: [`— ${siteName}, ${publicUrl}`] },
  ]);
  return { to: email, subject: `Confirm that you want emails from ${siteName}`, text, html };
}

/** Asked to follow with an address that follows already: nothing changes, and the way to stop is at hand. */
export function alreadyFollowingMail({ siteName, publicUrl }: SiteNames, email: string, unsubscribeToken: string): MailMessage {
  const { text, html } = renderMail([
    { paragraph: `Someone, probably you, asked to follow the research of ${siteName} with ${email}. This address follows it already: nothing has changed.` },
    { link: unsubscribeUrl(publicUrl, unsubscribeToken), label: 'Stop these emails' },
    { footer: [`— ${siteName}, ${publicUrl}`] },
  ]);
  return { to: email, subject: `You already follow ${siteName}`, text, html };
}
