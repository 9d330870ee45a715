/**
 * What the site's words must be, checked by the editor before it sends and by the server before it
 * saves, with the same messages. Free of schema code so that the SPA can run it cheaply.
 */
import type { CvEntry, LabelledItem, SiteContent, WebCard } from './content';

export const CONTENT_LIMITS = {
  name: 80,
  role: 80,
  companyName: 120,
  email: 254,
  tagline: 300,
  phrase: 60,
  phrases: 6,
  interestTitle: 80,
  quote: 600,
  source: 300,
  interestDescription: 1_500,
  label: 60,
  value: 300,
  href: 500,
  entryTitle: 150,
  place: 150,
  period: 60,
  point: 500,
  points: 12,
  entries: 30,
  items: 20,
  cardTitle: 60,
  cardDescription: 300,
  cards: 12,
  paragraph: 2_000,
  paragraphs: 12,
} as const;

export const CONTENT_MESSAGES = {
  blank: 'This field may not be blank.',
  maxLength: (limit: number) => `Ensure this field has no more than ${limit} characters.`,
  maxItems: (limit: number) => `Ensure this field has no more than ${limit} elements.`,
  minItems: (limit: number) => `Ensure this field has at least ${limit} elements.`,
  email: 'Enter a valid email address.',
  href: 'Enter a web address starting with https:// or http://, or a mailto: address.',
} as const;

/** Field problems keyed by dotted path (`cv.experience.1.title`), as the API answers them. */
export type ContentProblems = Record<string, string[]>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HREF = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i;

/** Every string trimmed, optional addresses left out when blank: what is stored and shown. */
export function tidyContent(content: SiteContent): SiteContent {
  const tidy = (value: unknown): unknown => {
    if (typeof value === 'string') return value.trim();
    if (Array.isArray(value)) return value.map(tidy);
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).map(([key, inner]) => [key, tidy(inner)] as const);
      return Object.fromEntries(entries.filter(([key, inner]) => !(key === 'href' && inner === '')));
    }
    return value;
  };
  return tidy(content) as SiteContent;
}

/** The problems of (tidied) content; empty when it can be saved. */
export function contentProblems(content: SiteContent): ContentProblems {
  const problems: ContentProblems = {};
  const add = (path: string, message: string) => (problems[path] ??= []).push(message);
  const text = (path: string, value: string, limit: number) => {
    if (!value) add(path, CONTENT_MESSAGES.blank);
    else if (value.length > limit) add(path, CONTENT_MESSAGES.maxLength(limit));
  };
  const list = <T>(path: string, values: T[], limit: number, check: (item: T, itemPath: string) => void, min = 0) => {
    if (values.length > limit) add(path, CONTENT_MESSAGES.maxItems(limit));
    if (values.length < min) add(path, CONTENT_MESSAGES.minItems(min));
    values.forEach((item, index) => check(item, `${path}.${index}`));
  };
  const href = (path: string, value: string | undefined) => {
    if (value === undefined) return;
    if (value.length > CONTENT_LIMITS.href) add(path, CONTENT_MESSAGES.maxLength(CONTENT_LIMITS.href));
    else if (!HREF.test(value)) add(path, CONTENT_MESSAGES.href);
  };
  const item = (value: LabelledItem, path: string) => {
    text(`${path}.label`, value.label, CONTENT_LIMITS.label);
    text(`${path}.value`, value.value, CONTENT_LIMITS.value);
    href(`${path}.href`, value.href);
  };
  const entry = (value: CvEntry, path: string) => {
    text(`${path}.title`, value.title, CONTENT_LIMITS.entryTitle);
    text(`${path}.place`, value.place, CONTENT_LIMITS.place);
    text(`${path}.period`, value.period, CONTENT_LIMITS.period);
    list(`${path}.points`, value.points, CONTENT_LIMITS.points, (point, pointPath) => text(pointPath, point, CONTENT_LIMITS.point));
  };
  const card = (value: WebCard, path: string) => {
    text(`${path}.title`, value.title, CONTENT_LIMITS.cardTitle);
    text(`${path}.description`, value.description, CONTENT_LIMITS.cardDescription);
    href(`${path}.href`, value.href);
  };

  text('name', content.name, CONTENT_LIMITS.name);
  text('role', content.role, CONTENT_LIMITS.role);
  text('company_name', content.company_name, CONTENT_LIMITS.companyName);
  text('email', content.email, CONTENT_LIMITS.email);
  if (content.email && content.email.length <= CONTENT_LIMITS.email && !EMAIL.test(content.email)) add('email', CONTENT_MESSAGES.email);
  text('tagline', content.tagline, CONTENT_LIMITS.tagline);
  list('typewriter_phrases', content.typewriter_phrases, CONTENT_LIMITS.phrases, (phrase, path) => text(path, phrase, CONTENT_LIMITS.phrase), 1);
  content.interests.forEach((interest, index) => {
    text(`interests.${index}.title`, interest.title, CONTENT_LIMITS.interestTitle);
    text(`interests.${index}.quote`, interest.quote, CONTENT_LIMITS.quote);
    text(`interests.${index}.source`, interest.source, CONTENT_LIMITS.source);
    text(`interests.${index}.description`, interest.description, CONTENT_LIMITS.interestDescription);
  });
  const { cv } = content;
  list('cv.contact', cv.contact, CONTENT_LIMITS.items, item);
  list('cv.education', cv.education, CONTENT_LIMITS.entries, entry);
  list('cv.experience', cv.experience, CONTENT_LIMITS.entries, entry);
  list('cv.skills', cv.skills, CONTENT_LIMITS.items, item);
  list('cv.languages', cv.languages, CONTENT_LIMITS.items, item);
  text('cv.nationality', cv.nationality, CONTENT_LIMITS.label);
  list('cv.links', cv.links, CONTENT_LIMITS.items, item);
  list('cv.additional', cv.additional, CONTENT_LIMITS.items, (line, path) => text(path, line, CONTENT_LIMITS.value));
  list('on_the_web', content.on_the_web, CONTENT_LIMITS.cards, card);
  list('about', content.about, CONTENT_LIMITS.paragraphs, (paragraph, path) => text(path, paragraph, CONTENT_LIMITS.paragraph), 1);
  return problems;
}

/** The sections that differ between two states, named as the editor names them. */
export function changedSections(before: SiteContent, after: SiteContent): string[] {
  const sections: [string, (content: SiteContent) => unknown][] = [
    ['Name', (c) => c.name],
    ['Role', (c) => c.role],
    ['Company name', (c) => c.company_name],
    ['Email', (c) => c.email],
    ['Tagline', (c) => c.tagline],
    ['Typewriter phrases', (c) => c.typewriter_phrases],
    ['Interest sections', (c) => c.interests],
    ['CV contact', (c) => c.cv.contact],
    ['CV education', (c) => c.cv.education],
    ['CV experience', (c) => c.cv.experience],
    ['CV skills', (c) => c.cv.skills],
    ['CV languages', (c) => c.cv.languages],
    ['CV nationality', (c) => c.cv.nationality],
    ['CV links', (c) => c.cv.links],
    ['CV additional information', (c) => c.cv.additional],
    ['On the Web cards', (c) => c.on_the_web],
    ['About text', (c) => c.about],
  ];
  return sections.filter(([, pick]) => JSON.stringify(pick(before)) !== JSON.stringify(pick(after))).map(([label]) => label);
}
