import { z } from '@hono/zod-openapi';

export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    backed_up: z.boolean().describe("Synced by a password manager to the user's other devices"),
  })
  .openapi('Passkey');

/** What @simplewebauthn/browser's startRegistration takes as `optionsJSON` (WebAuthn's JSON form). */
export const creationOptionsSchema = z
  .looseObject({ challenge: z.string(), rp: z.object({ id: z.string().optional(), name: z.string() }) })
  .openapi('PublicKeyCredentialCreationOptionsJSON');

/** What startAuthentication takes as `optionsJSON`. */
export const requestOptionsSchema = z
  .looseObject({ challenge: z.string(), rpId: z.string().optional() })
  .openapi('PublicKeyCredentialRequestOptionsJSON');
