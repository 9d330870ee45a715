/**
 * What the site's words must be, checked by the editor before it sends and by the server before it
 * saves, with the same messages. Free of schema code so that the SPA can run it cheaply.
 */
import { type CvEntry, type LabelledItem, PROFILE_KINDS, type SiteContent, type WebCard } from './content';

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
  webAddress: 'Enter a web address starting with https:// or http://.',
  repeatedProfile: 'This profile is given twice: keep one address per site.',
  siteHref: 'Enter a web address starting with https:// or http://, a mailto: address, or a page of this site starting with / (such as /notes).',
  photo: 'Choose a picture of the photo library.',
} as const;

/** Field problems keyed by dotted path (`cv.experience.1.title`), as the API answers them. */
export type ContentProblems = Record<string, string[]>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HREF = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i;
const WEB_ADDRESS = /^https?:\/\/[^\s]+$/i;

/** Whether text is an email address as the site takes one. */
export const isEmailAddress = (value: string) => EMAIL.test(value);
/** A page of this site (`/research`), for cards that point inside it; `//host` would be another site. */
const SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** An address on this site rather than elsewhere. */
export const isSitePath = (href: string) => SITE_PATH.test(href);

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

/**
 * The problems of (tidied) content, in the order of the site-content editor's fields (the setup
 * screen's are in the same order), so that the first problem is the first field's; empty when it can
 * be saved. `photoInLibrary`: whether the photo is a picture of the photo library, which only the
 * server can tell (the editor offers no other).
 */
export function contentProblems(content: SiteContent, { photoInLibrary = true } = {}): ContentProblems {
  const problems: ContentProblems = {};
  const add = (path: string, message: string) => (problems[path] ??= []).push(message);
  const text = (path: string, value: string, limit: number) => {
    if (!value) add(path, CONTENT_MESSAGES.blank);
    else if (value.length > limit) add(path, CONTENT_MESSAGES.maxLength(limit));
  };
  // Words a site may leave out (a site that started empty has none yet): only their length is checked.
  const optionalText = (path: string, value: string, limit: number) => {
    if (value.length > limit) add(path, CONTENT_MESSAGES.maxLength(limit));
  };
  const list = <T>(path: string, values: T[], limit: number, check: (item: T, itemPath: string) => void, min = 0) => {
    if (values.length > limit) add(path, CONTENT_MESSAGES.maxItems(limit));
    if (values.length < min) add(path, CONTENT_MESSAGES.minItems(min));
    values.forEach((item, index) => check(item, `${path}.${index}`));
  };
  const href = (path: string, value: string | undefined, sitePaths = false) => {
    if (value === undefined) return;
    if (value.length > CONTENT_LIMITS.href) add(path, CONTENT_MESSAGES.maxLength(CONTENT_LIMITS.href));
    else if (sitePaths ? !HREF.test(value) && !SITE_PATH.test(value) : !HREF.test(value))
      add(path, sitePaths ? CONTENT_MESSAGES.siteHref : CONTENT_MESSAGES.href);
  };
  const item = (value: LabelledItem, path: string) => {
    text(`${path}.label`, value.label, CONTENT_LIMITS.label);
    // Checked whatever the line shows, as a card's is: no unsafe address is stored for a reader that does not fill the references in.
    href(`${path}.href`, value.href);
    // A line that shows the identity's email or a profile holds neither itself.
    if (value.from) return;
    text(`${path}.value`, value.value, CONTENT_LIMITS.value);
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
    href(`${path}.href`, value.href, true);
  };

  text('name', content.name, CONTENT_LIMITS.name);
  text('role', content.role, CONTENT_LIMITS.role);
  text('email', content.email, CONTENT_LIMITS.email);
  if (content.email && content.email.length <= CONTENT_LIMITS.email && !EMAIL.test(content.email)) add('email', CONTENT_MESSAGES.email);
  optionalText('company_name', content.company_name, CONTENT_LIMITS.companyName);
  text('tagline', content.tagline, CONTENT_LIMITS.tagline);
  list('typewriter_phrases', content.typewriter_phrases, CONTENT_LIMITS.phrases, (phrase, path) => text(path, phrase, CONTENT_LIMITS.phrase), 1);
  if (!photoInLibrary) add('photo', CONTENT_MESSAGES.photo);
  list('profiles', content.profiles, PROFILE_KINDS.length, (profile, path) => {
    if (!profile.url) add(`${path}.url`, CONTENT_MESSAGES.blank);
    else if (profile.url.length > CONTENT_LIMITS.href) add(`${path}.url`, CONTENT_MESSAGES.maxLength(CONTENT_LIMITS.href));
    else if (!WEB_ADDRESS.test(profile.url)) add(`${path}.url`, CONTENT_MESSAGES.webAddress);
  });
  content.profiles.forEach((profile, index) => {
    if (content.profiles.findIndex((other) => other.kind === profile.kind) !== index) add(`profiles.${index}.url`, CONTENT_MESSAGES.repeatedProfile);
  });
  content.interests.forEach((interest, index) => {
    text(`interests.${index}.title`, interest.title, CONTENT_LIMITS.interestTitle);
    optionalText(`interests.${index}.quote`, interest.quote, CONTENT_LIMITS.quote);
    optionalText(`interests.${index}.source`, interest.source, CONTENT_LIMITS.source);
    optionalText(`interests.${index}.description`, interest.description, CONTENT_LIMITS.interestDescription);
  });
  const { cv } = content;
  list('cv.experience', cv.experience, CONTENT_LIMITS.entries, entry);
  list('cv.education', cv.education, CONTENT_LIMITS.entries, entry);
  list('cv.additional', cv.additional, CONTENT_LIMITS.items, (line, path) => text(path, line, CONTENT_LIMITS.value));
  list('cv.contact', cv.contact, CONTENT_LIMITS.items, item);
  list('cv.skills', cv.skills, CONTENT_LIMITS.items, item);
  list('cv.languages', cv.languages, CONTENT_LIMITS.items, item);
  optionalText('cv.nationality', cv.nationality, CONTENT_LIMITS.label);
  list('cv.links', cv.links, CONTENT_LIMITS.items, item);
  list('on_the_web', content.on_the_web, CONTENT_LIMITS.cards, card);
  list('about', content.about, CONTENT_LIMITS.paragraphs, (paragraph, path) => text(path, paragraph, CONTENT_LIMITS.paragraph));
  return problems;
}

/** What a section's value reads as: one line per item, entries and paragraphs apart. */
const asText = {
  plain: (value: unknown) => value as string,
  lines: (value: unknown) => (value as string[]).join('\n'),
  paragraphs: (value: unknown) => (value as string[]).join('\n\n'),
  items: (value: unknown) =>
    (value as LabelledItem[])
      .map((item) => (item.from ? `${item.label}: (from the profile)` : `${item.label}: ${item.value}${item.href ? ` (${item.href})` : ''}`))
      .join('\n'),
  profiles: (value: unknown) => ((value ?? []) as SiteContent['profiles']).map((profile) => `${profile.kind}: ${profile.url}`).join('\n'),
  photo: (value: unknown) => (value ? `picture ${String(value)}` : 'none'),
  entries: (value: unknown) =>
    (value as CvEntry[])
      .map((entry) => [`${entry.title}, ${entry.place}, ${entry.period}`, ...entry.points.map((point) => `• ${point}`)].join('\n'))
      .join('\n\n'),
  interests: (value: unknown) =>
    (value as SiteContent['interests']).map((interest) => `${interest.title}\n“${interest.quote}” (${interest.source})\n${interest.description}`).join('\n\n'),
  cards: (value: unknown) => (value as WebCard[]).map((card) => `${card.title}: ${card.description}${card.href ? ` (${card.href})` : ''}`).join('\n'),
};

/** The parts of the content a change is reported by, as the editor names them: where each is kept, and how it reads. */
const SECTIONS: readonly (readonly [label: string, path: string, text: (value: unknown) => string])[] = [
  ['Name', 'name', asText.plain],
  ['Role', 'role', asText.plain],
  ['Company name', 'company_name', asText.plain],
  ['Email', 'email', asText.plain],
  ['Tagline', 'tagline', asText.plain],
  ['Photo', 'photo', asText.photo],
  ['Profile links', 'profiles', asText.profiles],
  ['Typewriter phrases', 'typewriter_phrases', asText.lines],
  ['Interest sections', 'interests', asText.interests],
  ['CV contact', 'cv.contact', asText.items],
  ['CV education', 'cv.education', asText.entries],
  ['CV experience', 'cv.experience', asText.entries],
  ['CV skills', 'cv.skills', asText.items],
  ['CV languages', 'cv.languages', asText.items],
  ['CV nationality', 'cv.nationality', asText.plain],
  ['CV links', 'cv.links', asText.items],
  ['CV additional information', 'cv.additional', asText.lines],
  ['On the Web cards', 'on_the_web', asText.cards],
  ['About text', 'about', asText.paragraphs],
];

export const CONTENT_SECTIONS: readonly string[] = SECTIONS.map(([label]) => label);

/** The sections that say who the owner is: the setup screen asks for them, so they are never example words after it. */
export const IDENTITY_SECTIONS: readonly string[] = ['Name', 'Role', 'Company name', 'Email', 'Tagline', 'Photo', 'Profile links', 'CV links'];

const sectionNamed = (label: string) => SECTIONS.find(([name]) => name === label);
const valueAt = (content: SiteContent, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], content);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The sections that differ between two states, named as the editor names them. */
export function changedSections(before: SiteContent, after: SiteContent): string[] {
  return SECTIONS.filter(([, path]) => !sameValue(valueAt(before, path), valueAt(after, path))).map(([label]) => label);
}

/** Whether a section is the same in two states. */
export function sameSection(a: SiteContent, b: SiteContent, label: string): boolean {
  const section = sectionNamed(label);
  return section ? sameValue(valueAt(a, section[1]), valueAt(b, section[1])) : true;
}

/** A section of the content as text, to show what it was; undefined for a name no section has (any more). */
export function sectionText(content: SiteContent, label: string): string | undefined {
  const section = sectionNamed(label);
  return section && section[2](valueAt(content, section[1]));
}

/** A copy of `content` with one section as it is in `from`. */
export function withSection(content: SiteContent, label: string, from: SiteContent): SiteContent {
  const section = sectionNamed(label);
  if (!section) return content;
  const put = (target: Record<string, unknown>, [key, ...rest]: string[]): Record<string, unknown> => ({
    ...target,
    [key]: rest.length === 0 ? valueAt(from, section[1]) : put(target[key] as Record<string, unknown>, rest),
  });
  return put(content as unknown as Record<string, unknown>, section[1].split('.')) as unknown as SiteContent;
}
