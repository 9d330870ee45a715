import crypto from 'node:crypto';

import { isoCBOR } from '@simplewebauthn/server/helpers';

import type { AuthenticationOptions, PasskeySignIn, RegistrationOptions } from '../../../server/contract/passkeys';
import type { TestServer } from '../testServer';

type RegistrationCredential = {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
};
type AuthenticationCredential = PasskeySignIn['credential'];

interface StoredKey {
  privateKey: crypto.KeyObject;
  userHandle: string;
  counter: number;
}

const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A passkey authenticator in software, as a browser's platform authenticator behaves towards the
 * server: ES256 keys, "none" attestation, discoverable credentials that name their user handle.
 */
export class SoftAuthenticator {
  readonly keys = new Map<string, StoredKey>();

  constructor(
    private readonly origin: string,
    private readonly options: { userVerified?: boolean } = {},
  ) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(): number {
    return UP | (this.options.userVerified === false ? 0 : UV);
  }

  /** navigator.credentials.create() with the server's options. */
  register(options: RegistrationOptions, overrides: { origin?: string } = {}): RegistrationCredential {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialId = crypto.randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id ?? new URL(this.origin).hostname),
      Buffer.from([this.flags() | AT]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const id = b64(credentialId);
    this.keys.set(id, { privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, overrides.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get() with the server's options, answered by one passkey (the first by default). */
  authenticate(options: AuthenticationOptions, using: { id?: string; rpId?: string; userHandle?: string } = {}): AuthenticationCredential {
    const id = using.id ?? [...this.keys.keys()][0];
    const key = this.keys.get(id);
    if (!key) throw new Error(`no passkey ${id}`);
    key.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(key.counter);
    const authData = Buffer.concat([sha256(using.rpId ?? options.rpId ?? ''), Buffer.from([this.flags()]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: using.userHandle ?? key.userHandle,
      },
    };
  }
}

/** An authenticator for the site at `origin`, and a passkey sign-in with it as a browser makes one (options, then the answer). */
export function softAuthenticatorSite(origin: string) {
  const authenticator = new SoftAuthenticator(origin);
  const signIn = async (server: TestServer) => {
    const options = (await server.inject({ method: 'POST', url: '/api/users/passkeys/sign-in/options/' })).json<AuthenticationOptions>();
    return server.inject({ method: 'POST', url: '/api/users/passkeys/sign-in/', payload: { credential: authenticator.authenticate(options) } });
  };
  return { authenticator, signIn };
}
