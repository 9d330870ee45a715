/**
 * Following the research by email: an address alone (confirmed by a link) or a signed-in account's
 * choices, the one-click unsubscribe, and what staff see of it.
 * Shared by the server's route schemas and the SPA (`import type` only; words in ./followRules).
 */
import { type Static, Type } from '@sinclair/typebox';

import { FIELD_LIMITS } from './fieldLimits';
import { Nullable } from './index';

export { EMAIL_CONFIRM_MESSAGES, FOLLOW_KIND_LABELS, FOLLOW_KINDS, FOLLOW_MESSAGES, type FollowKind, REGISTERED_MESSAGE } from './followRules';

/** The tokens of emailed links: random base64url. */
const LinkToken = Type.String({ minLength: 1, maxLength: 128 });

/** POST /api/follow/: as JSON, or as the footer's plain form (answered with a redirect). */
export const FollowRequestSchema = Type.Object({ email: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.email }) });
export type FollowRequest = Static<typeof FollowRequestSchema>;

/** POST /api/follow/confirm/: the token of the emailed link. */
export const FollowConfirmRequestSchema = Type.Object({ token: LinkToken });
export type FollowConfirmRequest = Static<typeof FollowConfirmRequestSchema>;

export const UnsubscribeParamsSchema = Type.Object({ token: LinkToken });

/** What an unsubscribe link stopped, in words (`detail`) and as data. */
export const UnsubscribedSchema = Type.Object({
  detail: Type.String(),
  email: Type.String(),
  kinds: Type.Array(Type.String()),
  digest: Type.Boolean(),
});
export type Unsubscribed = Static<typeof UnsubscribedSchema>;

/** PUT /api/follow/choices/: what a signed-in account follows; no kind at all stops the mail. */
export const FollowChoicesInputSchema = Type.Object(
  {
    papers: Type.Boolean(),
    notes: Type.Boolean(),
    talks: Type.Boolean(),
    /** One weekly mail instead of one per publication. */
    digest: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type FollowChoicesInput = Static<typeof FollowChoicesInputSchema>;

export const FollowChoicesSchema = Type.Object({
  ...FollowChoicesInputSchema.properties,
  /** Nothing can be followed before the account's address is confirmed. */
  email_confirmed: Type.Boolean(),
  following: Type.Boolean(),
});
export type FollowChoices = Static<typeof FollowChoicesSchema>;

/** GET /api/follow/status/ (staff): how many follow, what waits, and how the last sending went. */
export const FollowStatusSchema = Type.Object({
  followers: Type.Integer(),
  /** Messages in the mail queue, not sent yet... */
  waiting: Type.Integer(),
  /** ...of which account mail (registration confirmations and notes), sent before the others. */
  waiting_account: Type.Integer(),
  last_send: Nullable(
    Type.Object({
      at: Type.String(),
      outcome: Type.Union([Type.Literal('sent'), Type.Literal('retrying'), Type.Literal('failed')]),
      error: Type.String(),
    }),
  ),
});
export type FollowStatus = Static<typeof FollowStatusSchema>;

/** POST /api/users/confirm-email/: the two parts of the emailed link, as in a password reset. */
export const ConfirmEmailRequestSchema = Type.Object({ uidb64: Type.String({ maxLength: 64 }), token: Type.String({ maxLength: 128 }) });
export type ConfirmEmailRequest = Static<typeof ConfirmEmailRequestSchema>;
