import type { LabelledItem, SiteContent } from '../../contract/content';
import { PROFILE_LABELS } from '../../contract/identity';
import type { OwnerIdentity } from '../../contract/setup';
import { seedContent } from './seed';

/** The CV's links: each of the identity's profiles, then the email, all referring to the identity. */
const linksOf = (identity: OwnerIdentity): LabelledItem[] => [
  ...identity.profiles.map((profile) => ({ label: PROFILE_LABELS[profile.kind], value: '', from: profile.kind })),
  { label: 'Email', value: '', from: 'email' },
];

/** The identity's part of the words; the company is the example's, so it goes (the footer then names the owner). */
const identityWords = (identity: OwnerIdentity) => ({
  name: identity.name,
  role: identity.role,
  email: identity.email,
  tagline: identity.tagline,
  photo: identity.photo,
  profiles: identity.profiles,
  company_name: '',
});

/** The words as they stand, now the owner's: the example's text kept to be edited, the identity theirs. */
export function keptExample(current: SiteContent, identity: OwnerIdentity): SiteContent {
  return { ...current, ...identityWords(identity), cv: { ...current.cv, links: linksOf(identity) } };
}

/** Titles the product gives the home page's sections and On the Web's cards, with neutral descriptions. */
const NEUTRAL_CARDS: Record<string, string> = {
  LinkedIn: 'Career history and professional updates.',
  Publications: 'Working papers and preprints.',
  Code: 'Open-source tools and the code behind papers.',
  'Video Channel': 'Recorded talks.',
  Articles: 'Longer essays.',
  Blog: 'Shorter notes.',
};

/**
 * The words of a site that starts empty: the owner's identity, the sections and cards the product
 * names (without the example's quotes and descriptions), and no CV entries, biography or phrases
 * but the owner's role.
 */
export function startedEmpty(identity: OwnerIdentity): SiteContent {
  return {
    ...identityWords(identity),
    typewriter_phrases: [identity.role],
    interests: seedContent.interests.map((interest) => ({ title: interest.title, quote: '', source: '', description: '' })),
    cv: {
      contact: [{ label: 'Email', value: '', from: 'email' }],
      education: [],
      experience: [],
      skills: [],
      languages: [],
      nationality: '',
      links: linksOf(identity),
      additional: [],
    },
    on_the_web: seedContent.on_the_web.map(({ title, from }) => ({ title, description: NEUTRAL_CARDS[title] ?? '', ...(from ? { from } : {}) })),
    about: [],
  };
}
