import { z } from 'zod';
import type { Db } from '../../db/client';
import { newId, nowIso } from '../../db/columns';
import { DIRECTION_MARKS_MESSAGE, hasNoDirectionMarks, isSingleLineText, SINGLE_LINE_MESSAGE } from '../text-rules';
import { OAuthError } from './oauth-error';
import { insertOAuthClient } from './oauth-queries';
import { redirectUriProblem } from './redirect-uri';

// Dynamic client registration (RFC 7591), as MCP clients do it before their first sign-in.
// Anyone may register: a client is only a name and where codes may be sent. It can do nothing
// until a signed-in user approves it on the consent page, which shows that name and where it goes.

export const CLIENT_NAME_MAX = 100;
const REDIRECT_URIS_MAX = 10;

// The name is what the user approves a client by, on the consent page and in Connected apps, and
// anyone registers one: it holds to the one-line rule of every name (ADR 011) and carries no marks
// that turn text around (ADR 083). Display metadata Kith neither keeps nor shows (client_uri,
// logo_uri, policy_uri…) is ignored, as RFC 7591 §2 allows; redirect URIs: redirect-uri.ts.
const clientName = z
  .string()
  .max(CLIENT_NAME_MAX, `must be at most ${CLIENT_NAME_MAX} characters`)
  .refine(isSingleLineText, SINGLE_LINE_MESSAGE)
  .refine(hasNoDirectionMarks, DIRECTION_MARKS_MESSAGE)
  .transform((name) => name.trim().normalize('NFC'));

const registrationSchema = z.object({
  redirect_uris: z.array(z.string()).min(1).max(REDIRECT_URIS_MAX),
  client_name: clientName.optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

const metadataError = (description: string) => new OAuthError('invalid_client_metadata', description);

export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
}

/** Registers a public client; refuses metadata Kith cannot honour, in RFC 7591's words. */
export async function registerClient(db: Db, body: unknown): Promise<RegisteredClient> {
  const parsed = registrationSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw metadataError(`${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const asked = parsed.data;
  for (const uri of asked.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `The redirect URI ${JSON.stringify(uri.slice(0, 200))} ${problem}`);
  }
  const grants = asked.grant_types ?? ['authorization_code', 'refresh_token'];
  const unknownGrant = grants.find((g) => g !== 'authorization_code' && g !== 'refresh_token');
  if (unknownGrant)
    throw metadataError(`grant_types: Kith issues tokens only for authorization_code and refresh_token, not ${unknownGrant}`);
  const responses = asked.response_types ?? ['code'];
  if (responses.some((r) => r !== 'code')) throw metadataError('response_types: only "code" is supported');
  // A secret held by a desktop app is no secret: every client is registered public ("none", as
  // RFC 7591 §3.2.1 lets the server decide) and proves itself with PKCE.
  const client = {
    id: newId(),
    name: asked.client_name || 'An unnamed app',
    redirectUris: JSON.stringify([...new Set(asked.redirect_uris)]),
    createdAt: nowIso(),
  };
  await insertOAuthClient(db, client);
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(Date.parse(client.createdAt) / 1000),
    client_name: client.name,
    redirect_uris: JSON.parse(client.redirectUris) as string[],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}
