/**
 * Passkeys, recovery codes and how staff sign in: the profile's passkey calls, the passkey sign-in,
 * and the owner's setting in the administration area.
 * Shared by the server's route schemas and the SPA (`import type` only).
 */
import { type Static, Type } from '@sinclair/typebox';

import { IdSchema, Nullable, OneOf } from './index';
import { PASSKEY_NAME_MAX } from './signInRules';

const PasskeyName = Type.String({ maxLength: PASSKEY_NAME_MAX });

/** Base64url fields of the browser's answers; an attestation with certificates runs to a few KB. */
const Base64Url = Type.String({ minLength: 1, maxLength: 32_768 });

/** The words WebAuthn defines for an option. */
const Requirement = OneOf('discouraged', 'preferred', 'required');
const Attachment = OneOf('platform', 'cross-platform');
const Hint = OneOf('hybrid', 'security-key', 'client-device');

export const PasskeySchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  created_at: Type.String(),
  last_used_at: Nullable(Type.String()),
  /** Synced to the person's other devices (a password manager or platform account). */
  backed_up: Type.Boolean(),
});
export type Passkey = Static<typeof PasskeySchema>;

const CredentialDescriptor = Type.Object({
  id: Type.String(),
  type: Type.String(),
  transports: Type.Optional(Type.Array(Type.String())),
});

/** POST /api/users/passkeys/registration/: what navigator.credentials.create() needs, as JSON. */
export const RegistrationOptionsSchema = Type.Object({
  rp: Type.Object({ id: Type.Optional(Type.String()), name: Type.String() }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  challenge: Type.String(),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: Type.Literal('public-key') })),
  timeout: Type.Optional(Type.Integer()),
  excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(Attachment),
      requireResidentKey: Type.Optional(Type.Boolean()),
      residentKey: Type.Optional(Requirement),
      userVerification: Type.Optional(Requirement),
    }),
  ),
  hints: Type.Optional(Type.Array(Hint)),
  attestation: Type.Optional(OneOf('none', 'indirect', 'direct', 'enterprise')),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
});
export type RegistrationOptions = Static<typeof RegistrationOptionsSchema>;

/** What the browser answers a ceremony with besides its response (PublicKeyCredential.toJSON()). */
const credentialFields = {
  id: Base64Url,
  rawId: Base64Url,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Attachment),
  clientExtensionResults: Type.Object({}, { additionalProperties: true }),
};

export const RegistrationResponseSchema = Type.Object({
  ...credentialFields,
  response: Type.Object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Type.Optional(Base64Url),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url),
  }),
});

/** POST /api/users/passkeys/: the browser's answer to the registration options, and a name (blank: named after the browser). */
export const PasskeyCreateSchema = Type.Object({
  name: Type.Optional(PasskeyName),
  credential: RegistrationResponseSchema,
});
export type PasskeyCreate = Static<typeof PasskeyCreateSchema>;

/** PATCH /api/users/passkeys/{id}/ */
export const PasskeyUpdateSchema = Type.Object({ name: PasskeyName }, { additionalProperties: false });
export type PasskeyUpdate = Static<typeof PasskeyUpdateSchema>;

/** POST /api/users/passkeys/sign-in/options/: what navigator.credentials.get() needs, as JSON. */
export const AuthenticationOptionsSchema = Type.Object({
  challenge: Type.String(),
  timeout: Type.Optional(Type.Integer()),
  rpId: Type.Optional(Type.String()),
  allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  userVerification: Type.Optional(Requirement),
  hints: Type.Optional(Type.Array(Hint)),
});
export type AuthenticationOptions = Static<typeof AuthenticationOptionsSchema>;

export const AuthenticationResponseSchema = Type.Object({
  ...credentialFields,
  response: Type.Object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Type.Optional(Type.String({ maxLength: 128 })),
  }),
});

/** POST /api/users/passkeys/sign-in/: answers as a password sign-in does ({access, refresh, user}). */
export const PasskeySignInSchema = Type.Object({
  credential: AuthenticationResponseSchema,
  /** Remember me: the refresh token lives 30 days instead of one. */
  remember: Type.Optional(Type.Boolean()),
});
export type PasskeySignIn = Static<typeof PasskeySignInSchema>;

/**
 * A refused sign-in: the detail, and for staff who must use a passkey the code PASSKEY_REQUIRED
 * (signInRules.ts), on which the sign-in screen asks for a recovery code.
 */
export const SignInRefusalSchema = Type.Object({ detail: Type.String(), code: Type.Optional(Type.String()) });

/** GET /api/users/recovery-codes/: how many unused codes the account has. */
export const RecoveryCodesStatusSchema = Type.Object({ remaining: Type.Integer() });
export type RecoveryCodesStatus = Static<typeof RecoveryCodesStatusSchema>;

/** POST /api/users/recovery-codes/: new codes, replacing the earlier ones; shown this once. */
export const RecoveryCodesSchema = Type.Object({ codes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;

/** GET /api/admin/sign-in-security/: whether staff must use passkeys, and how many can. */
export const SignInSecuritySchema = Type.Object({
  staff_passkeys_required: Type.Boolean(),
  /** The staff member asking is the site's owner, the only one who changes the setting. */
  viewer_is_owner: Type.Boolean(),
  staff_count: Type.Integer(),
  staff_with_passkeys: Type.Integer(),
});
export type SignInSecurity = Static<typeof SignInSecuritySchema>;

/** PATCH /api/admin/sign-in-security/ (the owner only). */
export const SignInSecurityUpdateSchema = Type.Object({ staff_passkeys_required: Type.Boolean() }, { additionalProperties: false });
export type SignInSecurityUpdate = Static<typeof SignInSecurityUpdateSchema>;
