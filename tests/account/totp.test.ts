import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt, totpStep } from '../../worker/domain/auth/totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890".
const RFC_SECRET = base32Encode(new TextEncoder().encode('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, HMAC-SHA-1)', () => {
  it('encodes the RFC seed as the base32 authenticator apps read', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(new TextDecoder().decode(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq'))).toBe('12345678901234567890');
  });

  it('gives the RFC 6238 test vectors (8 digits) and their 6-digit codes', async () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      expect(await hotp(base32Decode(RFC_SECRET), totpStep(seconds * 1000), 8)).toBe(expected);
      expect(await totpAt(RFC_SECRET, seconds * 1000)).toBe(expected.slice(2));
    }
  });

  it('accepts the previous and next 30-second step, nothing further', async () => {
    const now = 1111111111 * 1000;
    const step = totpStep(now);
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now), now, 0)).toBe(step);
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now - 30_000), now, 0)).toBe(step - 1);
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now + 30_000), now, 0)).toBe(step + 1);
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now - 60_000), now, 0)).toBeNull();
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now + 60_000), now, 0)).toBeNull();
    expect(await matchTotp(RFC_SECRET, 'abcdef', now, 0)).toBeNull();
  });

  it('refuses a code of a step already used (replay) or older', async () => {
    const now = 1234567890 * 1000;
    const code = await totpAt(RFC_SECRET, now);
    expect(await matchTotp(RFC_SECRET, code, now, totpStep(now))).toBeNull();
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now - 30_000), now, totpStep(now) - 1)).toBeNull();
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now + 30_000), now, totpStep(now))).toBe(totpStep(now) + 1);
  });

  it('builds the otpauth URI of the Key Uri Format', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.hostname).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Kith:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Kith',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
