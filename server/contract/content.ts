/**
 * The site's own words, kept in the database and edited by staff: the owner's identity, the home
 * page, the CV, the On the Web cards and the About text. The text rules (lengths, addresses) are in
 * contentRules.ts, which the SPA's editor runs too.
 */
import { type Static, Type } from '@sinclair/typebox';

import { IdSchema, SavedVersionSchema } from './index';

/** Upper bounds on the shape only; the words' own limits come with messages from contentRules.ts. */
const Text = Type.String({ maxLength: 5_000 });
const List = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Array(item, { maxItems: 50 });

export const LabelledItemSchema = Type.Object({ label: Text, value: Text, href: Type.Optional(Text) }, { additionalProperties: false });
export type LabelledItem = Static<typeof LabelledItemSchema>;

export const CvEntrySchema = Type.Object({ title: Text, place: Text, period: Text, points: List(Text) }, { additionalProperties: false });
export type CvEntry = Static<typeof CvEntrySchema>;

export const InterestSectionSchema = Type.Object({ title: Text, quote: Text, source: Text, description: Text }, { additionalProperties: false });
export type InterestSection = Static<typeof InterestSectionSchema>;

/** A card without an address is shown disabled, as Coming Soon. */
export const WebCardSchema = Type.Object({ title: Text, description: Text, href: Type.Optional(Text) }, { additionalProperties: false });
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
export const CurrentContentSchema = Type.Object({ version: IdSchema, saved_at: Type.String(), content: SiteContentSchema });
export type CurrentContent = Static<typeof CurrentContentSchema>;

/** A save or a restore names the state the editor showed, so that a change saved meanwhile is not overwritten. */
export const ContentSaveSchema = Type.Object({ version: IdSchema, content: SiteContentSchema }, { additionalProperties: false });
export type ContentSave = Static<typeof ContentSaveSchema>;

export const ContentRestoreSchema = Type.Object({ version: IdSchema }, { additionalProperties: false });
export type ContentRestore = Static<typeof ContentRestoreSchema>;
