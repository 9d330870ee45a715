/**
 * The owner's setup, offered at the first staff sign-in of a site that still speaks as the example
 * person: who the owner is, and whether the example words stay (marked as example until edited) or go.
 */
import { type Static, Type } from '@sinclair/typebox';

import { ProfileLinkSchema } from './content';
import { CONTENT_LIMITS } from './contentRules';
import { CheckedList, CheckedText, IdSchema, Nullable, OneOf } from './index';

export const OwnerIdentitySchema = Type.Object(
  {
    name: CheckedText(CONTENT_LIMITS.name),
    /** The title under the name ("Quantitative Researcher"). */
    role: CheckedText(CONTENT_LIMITS.role),
    email: CheckedText(CONTENT_LIMITS.email),
    /** A picture of the photo library. */
    photo: Nullable(IdSchema),
    profiles: CheckedList(ProfileLinkSchema, 6),
    tagline: CheckedText(CONTENT_LIMITS.tagline),
  },
  { additionalProperties: false },
);
export type OwnerIdentity = Static<typeof OwnerIdentitySchema>;

/** `empty` clears the example words; `example` keeps them to be edited. */
export const SETUP_STARTS = ['empty', 'example'] as const;

export const SetupInputSchema = Type.Object({ ...OwnerIdentitySchema.properties, start: OneOf(...SETUP_STARTS) }, { additionalProperties: false });
export type SetupInput = Static<typeof SetupInputSchema>;

/** Whether the owner still has to set the site up, and whether the staff member asking is the owner, who alone may. */
export const SetupStatusSchema = Type.Object({ needed: Type.Boolean(), allowed: Type.Boolean() });
export type SetupStatus = Static<typeof SetupStatusSchema>;
