/**
 * The account calls: registration, sign-in, tokens, profile, sessions, password reset and
 * app-token login.
 * Shared by the server's route schemas and the SPA (`import type` only).
 */
import { type Static, Type } from '@sinclair/typebox';

import { FIELD_LIMITS } from './fieldLimits';
import { IdSchema } from './index';
import { RECOVERY_CODE_MAX } from './signInRules';

/** Passwords longer than this are refused by the schema; the policy's own limit is lower and says so. */
const PASSWORD_INPUT_MAX = 1024;
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_INPUT_MAX });
const Email = Type.String({ minLength: 1, maxLength: FIELD_LIMITS.email });
const Name = Type.String({ minLength: 1, maxLength: FIELD_LIMITS.personName });
const InterestNotes = Type.String({ maxLength: FIELD_LIMITS.interestNotes });
const JwtString = Type.String({ minLength: 1, maxLength: 2048 });

export const RegisterRequestSchema = Type.Object({
  email: Email,
  password: Password,
  password2: Password,
  first_name: Name,
  last_name: Name,
  interest_notes: Type.Optional(InterestNotes),
});
export type RegisterRequest = Static<typeof RegisterRequestSchema>;

export const LoginRequestSchema = Type.Object({
  email: Email,
  password: Password,
  /** Remember me: the refresh token lives 30 days instead of one. */
  remember: Type.Optional(Type.Boolean()),
  /** With the password, one of the account's recovery codes: signs staff in when their passkeys are lost. */
  recovery_code: Type.Optional(Type.String({ maxLength: RECOVERY_CODE_MAX })),
});
export type LoginRequest = Static<typeof LoginRequestSchema>;

export const RefreshRequestSchema = Type.Object({ refresh: JwtString });

/** POST /api/users/logout/: revokes the session the refresh token belongs to. */
export const LogoutRequestSchema = Type.Object({ refresh: JwtString });

/** PATCH /api/users/profile/: any of the editable fields; the email is not editable. */
export const ProfileUpdateSchema = Type.Object(
  {
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    interest_notes: Type.Optional(InterestNotes),
  },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdateSchema>;

/** POST /api/users/change-password/ */
export const ChangePasswordRequestSchema = Type.Object({
  old_password: Password,
  new_password: Password,
  new_password2: Password,
});
export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;

/** DELETE /api/users/profile/: deleting one's own account asks for the password again. */
export const DeleteAccountRequestSchema = Type.Object({ password: Password });
export type DeleteAccountRequest = Static<typeof DeleteAccountRequestSchema>;

/** One signed-in device or browser, as listed by GET /api/users/sessions/. */
export const SessionSchema = Type.Object({
  id: IdSchema,
  created_at: Type.String(),
  last_used_at: Type.String(),
  expires_at: Type.String(),
  ip: Type.String(),
  user_agent: Type.String(),
  remember: Type.Boolean(),
  /** The session of the access token that asked. */
  current: Type.Boolean(),
});
export type Session = Static<typeof SessionSchema>;

export const ForgotPasswordRequestSchema = Type.Object({ email: Email });
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordParamsSchema = Type.Object({
  uidb64: Type.String({ maxLength: 64 }),
  token: Type.String({ maxLength: 128 }),
});
export type ResetPasswordParams = Static<typeof ResetPasswordParamsSchema>;

export const ResetPasswordRequestSchema = Type.Object({ new_password: Password, new_password2: Password });
export type ResetPasswordRequest = Static<typeof ResetPasswordRequestSchema>;

/** POST /login-with-token/ (with the X-CSRFToken header). */
export const TokenLoginRequestSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) });

/** POST /api/users/app-token/: a one-time token for /login-with-token/, valid `expires_in` seconds. */
export const AppTokenResponseSchema = Type.Object({ token: Type.String(), expires_in: Type.Integer() });
