/**
 * A software WebAuthn authenticator for HTTP tests (issue 29): a real ES256 key pair (node:crypto),
 * real CBOR (attestation object, COSE key) and real signatures over the authenticator data and
 * the client data's hash — what a platform authenticator does, minus the person. The server
 * verifies its answers with @simplewebauthn/server exactly as it verifies a browser's; nothing is
 * stubbed. Resident (discoverable) credentials: it keeps them and answers a sign-in with any.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  signCount: number;
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// Flags: UP (user present) 0x01, UV (user verified) 0x04, AT (attested credential data) 0x40.
const UP_UV = 0x05;
const UP_UV_AT = 0x45;

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(readonly origin: string) {}

  get rpId(): string {
    return new URL(this.origin).hostname;
  }

  /** Answers `navigator.credentials.create()` for the server's registration options (their JSON). */
  register(options: Record<string, unknown>, overrides: { origin?: string } = {}): Record<string, unknown> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(32);
    const user = options.user as { id: string };
    const rpId = (options.rp as { id?: string }).id ?? this.rpId;
    const credential: Credential = { id, privateKey, userHandle: user.id, signCount: 0 };
    this.credentials.push(credential);
    const cose = new Map<number, CBORType>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP_UV_AT]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, Buffer.from(encodeCBOR(cose))]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(Buffer.from(clientData)), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** Answers `navigator.credentials.get()` with the credential at `index` (a discoverable sign-in). */
  authenticate(options: Record<string, unknown>, index = 0, overrides: { signCount?: number; origin?: string } = {}): Record<string, unknown> {
    const credential = this.credentials[index];
    if (!credential) throw new Error('no credential at that index');
    credential.signCount = overrides.signCount ?? credential.signCount + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(credential.signCount);
    const rpId = (options.rpId as string | undefined) ?? this.rpId;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP_UV]), count]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
    };
  }
}
