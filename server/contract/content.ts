/**
 * The site's own words, kept in the database and edited by staff: the owner's identity (name, role,
 * email, photo, profiles, tagline: written once, and derived wherever they are shown), the home
 * page, the CV, the On the Web cards and the About text. The text rules (lengths, addresses) are in
 * contentRules.ts, which the SPA's editor runs too.
 */
import { type Static, Type } from '@sinclair/typebox';

import { IdSchema, Nullable, OneOf, SavedVersionSchema } from './index';

/** Upper bounds on the shape only; the words' own limits come with messages from contentRules.ts. */
const Text = Type.String({ maxLength: 5_000 });
const List = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Array(item, { maxItems: 50 });

/** The owner's profiles on other sites, each given once in the identity and shown wherever the site links to it. */
export const PROFILE_KINDS = ['linkedin', 'scholar', 'github', 'ssrn', 'orcid', 'website'] as const;
export const ProfileKindSchema = OneOf(...PROFILE_KINDS);
export type ProfileKind = Static<typeof ProfileKindSchema>;

export const ProfileLinkSchema = Type.Object({ kind: ProfileKindSchema, url: Text }, { additionalProperties: false });
export type ProfileLink = Static<typeof ProfileLinkSchema>;

/**
 * A CV line. With `from`, its value and address are the identity's email or profile (identity.ts
 * fills them in where it is shown), so the owner's address is written once; without that profile
 * the line is left out.
 */
export const LabelledItemSchema = Type.Object(
  { label: Text, value: Text, href: Type.Optional(Text), from: Type.Optional(Type.Union([Type.Literal('email'), ProfileKindSchema])) },
  { additionalProperties: false },
);
export type LabelledItem = Static<typeof LabelledItemSchema>;

export const CvEntrySchema = Type.Object({ title: Text, place: Text, period: Text, points: List(Text) }, { additionalProperties: false });
export type CvEntry = Static<typeof CvEntrySchema>;

export const InterestSectionSchema = Type.Object({ title: Text, quote: Text, source: Text, description: Text }, { additionalProperties: false });
export type InterestSection = Static<typeof InterestSectionSchema>;

/** A card without an address is shown disabled, as Coming Soon; with `from`, its address is the identity's profile of that kind. */
export const WebCardSchema = Type.Object(
  { title: Text, description: Text, href: Type.Optional(Text), from: Type.Optional(ProfileKindSchema) },
  { additionalProperties: false },
);
export type WebCard = Static<typeof WebCardSchema>;

export const CvContentSchema = Type.Object(
  {
    contact: List(LabelledItemSchema),
    education: List(CvEntrySchema),
    experience: List(CvEntrySchema),
    skills: List(LabelledItemSchema),
    languages: List(LabelledItemSchema),
    nationality: Text,
    links: List(LabelledItemSchema),
    additional: List(Text),
  },
  { additionalProperties: false },
);
export type CvContent = Static<typeof CvContentSchema>;

export const SiteContentSchema = Type.Object(
  {
    name: Text,
    role: Text,
    /** Named in the footer of the not-found page. */
    company_name: Text,
    email: Text,
    tagline: Text,
    /** The owner's photo: a picture of the photo library, shown in link previews. */
    photo: Nullable(IdSchema),
    profiles: List(ProfileLinkSchema),
    typewriter_phrases: List(Text),
    interests: Type.Array(InterestSectionSchema, { minItems: 4, maxItems: 4 }),
    cv: CvContentSchema,
    on_the_web: List(WebCardSchema),
    /** Paragraphs. */
    about: List(Text),
  },
  { additionalProperties: false },
);
export type SiteContent = Static<typeof SiteContentSchema>;

/**
 * One saved state of the content: every save keeps the state it replaced, so any change can be undone.
 * `changed` names the sections it changed (empty for the first state).
 */
export const ContentVersionSchema = Type.Object({
  ...SavedVersionSchema.properties,
  /** The state before this save, restored by reverting it; null for the first state. */
  previous: Type.Union([IdSchema, Type.Null()]),
  /** What each changed section held before this save, as text (contentRules.ts `sectionText`). */
  earlier: Type.Array(Type.Object({ section: Type.String(), value: Type.String() })),
});
export type ContentVersion = Static<typeof ContentVersionSchema>;

/** The content visitors see, with the saved state it is, which a save names as its starting point. */
export const CurrentContentSchema = Type.Object({
  version: IdSchema,
  saved_at: Type.String(),
  content: SiteContentSchema,
  /** The sections still holding the example words the site started with (contentRules.ts names them), until edited. */
  example: Type.Array(Type.String()),
});
export type CurrentContent = Static<typeof CurrentContentSchema>;

/** A save or a restore names the state the editor showed, so that a change saved meanwhile is not overwritten. */
export const ContentSaveSchema = Type.Object({ version: IdSchema, content: SiteContentSchema }, { additionalProperties: false });
export type ContentSave = Static<typeof ContentSaveSchema>;

export const ContentRestoreSchema = Type.Object({ version: IdSchema }, { additionalProperties: false });
export type ContentRestore = Static<typeof ContentRestoreSchema>;
