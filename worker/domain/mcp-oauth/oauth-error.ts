/**
 * An OAuth error as RFC 6749 §5.2 and RFC 7591 §3.2.2 put it on the wire
 * (`{"error": "invalid_grant", "error_description": "…"}`): /oauth/token and /oauth/register
 * answer MCP clients' own OAuth code, which reads this shape, not Kith's error envelope.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);
