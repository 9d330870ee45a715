/**
 * What each server-rendered page says about itself to browsers, search engines and link
 * previews: its tab title (before the owner's name) and a one-sentence description, built from
 * the site's words.
 */
import type { SiteContent } from '@/contract/content';

export interface PageHead {
  /** Absent on the home page, whose tab shows the owner's name alone. */
  title?: string;
  description: string;
}

/** What the heads say about the site's owner. */
export type Owner = Pick<SiteContent, 'name' | 'role' | 'tagline'>;
export type HeadOf = (owner: Owner) => PageHead;

export const pageHeads = {
  home: ({ name, role, tagline }: Owner) => ({ description: `${name}, ${role}. ${tagline}` }),
  cv: ({ name }: Owner) => ({
    title: 'CV',
    description: `Curriculum vitae of ${name}: experience, education and skills. The current CV can be downloaded.`,
  }),
  research: ({ name }: Owner) => ({ title: 'Research', description: `Publications and working papers of ${name}, with abstracts, links and BibTeX.` }),
  notes: ({ name }: Owner) => ({ title: 'Notes', description: `Research notes of ${name}, with mathematics, code and charts.` }),
  news: ({ name }: Owner) => ({ title: 'News', description: `News from ${name}: papers accepted, talks given and other milestones, the newest first.` }),
  talks: ({ name }: Owner) => ({ title: 'Talks', description: `Talks and lectures by ${name}, upcoming and past, with abstracts and slides.` }),
  teaching: ({ name }: Owner) => ({ title: 'Teaching', description: `Courses taught by ${name}, by academic year, with descriptions and materials.` }),
  onTheWeb: ({ name }: Owner) => ({ title: 'On the Web', description: `Where to find ${name} online.` }),
  about: ({ name, role }: Owner) => ({ title: 'About', description: `About ${name}, ${role.toLowerCase()}: background, work and how to get in touch.` }),
  login: ({ name }: Owner) => ({ title: 'Sign in', description: `Sign in to your account on the site of ${name}.` }),
  register: ({ name }: Owner) => ({ title: 'Register', description: `Create an account on the site of ${name} to keep your details and interests on file.` }),
  forgotPassword: ({ name }: Owner) => ({
    title: 'Forgot password',
    description: `Request a link to choose a new password for your account on the site of ${name}.`,
  }),
  follow: ({ name }: Owner) => ({ title: 'Follow', description: `Get an email when ${name} publishes a new paper, note or talk.` }),
  notFound: ({ name }: Owner) => ({ title: '404', description: `This page of ${name}'s site cannot be found.` }),
} satisfies Record<string, HeadOf>;

export type PageHeadKey = keyof typeof pageHeads;

/** The text of the browser tab: `<title> | <owner's name>`, or the name alone. */
export const documentTitle = (productName: string, title?: string): string => (title ? `${title} | ${productName}` : productName);
