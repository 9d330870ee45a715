import type { SiteContent } from '@/contract/content';

export interface TermsSection {
  title: string;
  paragraphs: readonly string[];
}

/** The date the terms were last changed. */
export const TERMS_LAST_UPDATED = 'June 9th, 2025';

/** The terms a visitor agrees to when registering, naming the site's owner. */
export const termsSections = ({ name, email }: Pick<SiteContent, 'name' | 'email'>): readonly TermsSection[] => [
  {
    title: '1. About these terms',
    paragraphs: [
      `This website is the personal site of ${name}. These terms apply to the optional visitor account: registering, signing in and using the pages that need an account. Reading the public pages needs no account and no agreement.`,
      'By creating an account you confirm that you have read these terms and accept them. If you do not agree, please do not register; everything public stays available to you.',
    ],
  },
  {
    title: '2. Your account',
    paragraphs: [
      'An account is for one person. Please give your real name and an email address you can read, because the address is how you sign in and how a forgotten password is reset.',
      'Keep your password to yourself and choose one you do not use elsewhere. If you think someone else has used your account, change your password on your profile page and sign out of all sessions there.',
    ],
  },
  {
    title: '3. What information is kept',
    paragraphs: [
      'The account holds your email address, first and last name, the interest notes you choose to write, the date you registered and the time of your last sign-in.',
      'Your password is never stored as you typed it: only a one-way hash (argon2id) is kept, from which the password cannot be read back.',
      'For each signed-in session the site keeps when it started, when it was last used, the browser it came from and its IP address, so that you can review your sessions and end any you do not recognise. Failed sign-in attempts are counted to protect accounts against password guessing.',
    ],
  },
  {
    title: '4. Why it is kept',
    paragraphs: [
      'The information is used only to run your account: to sign you in, keep you signed in, secure the account, reset a forgotten password and, if you wrote interest notes, to understand what you would like to hear about.',
      'Nothing is sold or shared for marketing, there is no advertising and no third-party tracking. The only emails the site sends are the ones you ask for, such as a password reset link.',
    ],
  },
  {
    title: '5. Acceptable use',
    paragraphs: [
      'Please do not try to reach other people’s accounts, probe or overload the site, or use it to send anything unlawful. Accounts used this way may be suspended or removed.',
      'The documents and writing on this site remain the work of their author. You are welcome to read and cite them; please ask before republishing them.',
    ],
  },
  {
    title: '6. Your rights',
    paragraphs: [
      'You can see and correct your details at any time on your profile page, and you can delete your account there yourself. Deleting it removes your details and ends every session; nothing is kept afterwards except what the law requires.',
      'You may also ask for a copy of the information held about you, ask for it to be corrected or erased, or object to its use, and you may complain to your data-protection authority.',
    ],
  },
  {
    title: '7. Changes and contact',
    paragraphs: [
      'If these terms change, the date below the title changes with them, and anything that affects how your information is used will be explained before it applies to you.',
      `For questions about these terms or your information, write to ${email}.`,
    ],
  },
];
