// A software passkey for the tests: an ES256 key in WebCrypto that answers WebAuthn options as
// a browser and its authenticator would, with real "none" attestation and real signatures, so
// the Worker's checks run on real ceremonies. Written here on purpose, without the library the
// Worker uses, so a bug there cannot cancel out in both places. Spec: WebAuthn L2 §6.1, §6.5.

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | Record<string, never>;

function cborHead(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  if (n < 65536) return [(major << 5) | 25, n >> 8, n & 255];
  return [(major << 5) | 26, (n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The CBOR this needs: integers, text, byte strings and maps (RFC 8949). */
function cbor(value: CborValue): number[] {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return [...cborHead(3, bytes.length), ...bytes];
  }
  if (value instanceof Uint8Array) return [...cborHead(2, value.length), ...value];
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return [...cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [...cbor(k), ...cbor(v)])];
}

export const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const utf8 = (text: string) => Uint8Array.from(new TextEncoder().encode(text));
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', Uint8Array.from(bytes)));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255]);

/** WebCrypto's ECDSA signature is r‖s; WebAuthn wants it DER-encoded. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (part: Uint8Array) => {
    let i = 0;
    while (i < part.length - 1 && part[i] === 0) i++;
    const trimmed = part.slice(i);
    const padded = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, padded.length]), padded);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface CeremonyOptions {
  /** The origin the browser puts in clientDataJSON (default: the app's). */
  origin?: string;
  /** Whether the authenticator verified the user (PIN, biometrics). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly credentialId: string,
    readonly defaultOrigin: string,
    public counter: number,
    public userHandle: string | undefined,
  ) {}

  static async create(origin: string): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    return new SoftAuthenticator(keys, b64url(crypto.getRandomValues(new Uint8Array(16))), origin, 0, undefined);
  }

  /** The same key and counter in a second device: what a cloned authenticator is. */
  clone(): SoftAuthenticator {
    return new SoftAuthenticator(this.keys, this.credentialId, this.defaultOrigin, this.counter, this.userHandle);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers registration options (as navigator.credentials.create) with attestation "none". */
  async register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, how: CeremonyOptions = {}) {
    const origin = how.origin ?? this.defaultOrigin;
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const coseKey = new Map<CborValue, CborValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, fromB64url(jwk.x!)],
      [-3, fromB64url(jwk.y!)],
    ]);
    const id = fromB64url(this.credentialId);
    const attested = concat(new Uint8Array(16), new Uint8Array([id.length >> 8, id.length & 255]), id, Uint8Array.from(cbor(coseKey)));
    const flags = FLAG_UP | FLAG_AT | (how.userVerified === false ? 0 : FLAG_UV);
    const authData = concat(await sha256(utf8(rpId)), new Uint8Array([flags]), uint32(this.counter), attested);
    const attestationObject = Uint8Array.from(
      cbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', {}],
          ['authData', authData],
        ]),
      ),
    );
    this.userHandle = options.user.id;
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** Answers authentication options (as navigator.credentials.get): the counter moves on by one. */
  async sign(options: { challenge: string; rpId?: string }, how: CeremonyOptions = {}) {
    const origin = how.origin ?? this.defaultOrigin;
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.counter += 1;
    const flags = FLAG_UP | (how.userVerified === false ? 0 : FLAG_UV);
    const authData = concat(await sha256(utf8(rpId)), new Uint8Array([flags]), uint32(this.counter));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, Uint8Array.from(signed)));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
