import { z } from 'zod';
import { singleLineText } from '../../text-input';
import { passwordProofSchema } from '../password-rule';
import { PASSKEY_NAME_MAX } from './passkey-limits';

// What the browser's WebAuthn answer looks like once @simplewebauthn/browser has made it JSON
// (RegistrationResponseJSON, AuthenticationResponseJSON): bounded, base64url where the spec says
// so. The library checks the contents; this keeps junk and giant bodies out before it.

const b64url = (max: number) =>
  z
    .string()
    .min(1, 'is required')
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

const credentialId = b64url(1400);
const extensionResults = z.record(z.string().max(64), z.unknown()).refine((v) => JSON.stringify(v).length <= 2000, 'is too large');
const attachment = z.enum(['platform', 'cross-platform']).optional();

export const registrationResponseSchema = z
  .object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
    response: z
      .object({
        clientDataJSON: b64url(4000),
        attestationObject: b64url(20_000),
        authenticatorData: b64url(8000).optional(),
        transports: z
          .array(
            z
              .string()
              .max(32)
              .regex(/^[a-z-]+$/, 'must be a WebAuthn transport such as "internal"'),
          )
          .max(10)
          .optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: b64url(4000).optional(),
      })
      .strict(),
  })
  .strict();

export const authenticationResponseSchema = z
  .object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
    response: z
      .object({
        clientDataJSON: b64url(4000),
        authenticatorData: b64url(8000),
        signature: b64url(2000),
        userHandle: b64url(200).optional(),
      })
      .strict(),
  })
  .strict();

export type RegistrationResponse = z.output<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.output<typeof authenticationResponseSchema>;

export const passkeyNameSchema = singleLineText(PASSKEY_NAME_MAX).trim().min(1, 'is required');

export const finishRegistrationInput = z.object({ response: registrationResponseSchema, name: passkeyNameSchema.optional() }).strict();
export const renamePasskeyInput = z.object({ name: passkeyNameSchema }).strict();
/** Removing a passkey: the password, or nothing within FRESH_SIGN_IN_MINUTES of signing in (ADR 027). */
export const removePasskeyInput = z.object({ password: passwordProofSchema.optional() }).strict();
