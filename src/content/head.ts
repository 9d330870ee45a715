/**
 * What each server-rendered page says about itself to browsers, search engines and link
 * previews: its tab title (before the product name) and a one-sentence description.
 */
import { site } from './site';

export interface PageHead {
  /** Absent on the home page, whose tab shows the product name alone. */
  title?: string;
  description: string;
}

export const pageHeads = {
  home: { description: `${site.name}, ${site.role}. ${site.tagline}` },
  cv: {
    title: 'CV',
    description: `Curriculum vitae of ${site.name}: experience, education and skills in quantitative research, derivatives pricing and risk. The current CV can be downloaded.`,
  },
  onTheWeb: { title: 'On the Web', description: `Where to find ${site.name} online: LinkedIn, and soon publications, code, talks, articles and a blog.` },
  about: { title: 'About', description: `About ${site.name}: how a ${site.role.toLowerCase()} works, what he values and how to get in touch.` },
  login: { title: 'Sign in', description: `Sign in to your account on the site of ${site.name}.` },
  register: { title: 'Register', description: `Create an account on the site of ${site.name} to keep your details and interests on file.` },
  forgotPassword: { title: 'Forgot password', description: `Request a link to choose a new password for your account on the site of ${site.name}.` },
  notFound: { title: '404', description: `This page of ${site.name}'s site cannot be found.` },
} satisfies Record<string, PageHead>;

/** The text of the browser tab: `<title> | <product name>`, or the product name alone. */
export const documentTitle = (title?: string): string => (title ? `${title} | ${site.productName}` : site.productName);
