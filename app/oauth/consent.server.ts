import { json, type AppLoadContext } from '@remix-run/cloudflare';
import { z } from 'zod';
import { readSessionToken } from '../../worker/domain/auth/sessions';
import { SCOPES } from '../../worker/domain/auth/scopes';
import { tokenLimitFields } from '../../worker/domain/auth/token-limits';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { readAuthorizationRequest, type AuthorizationRequest } from '../../worker/domain/mcp-oauth/authorization-request';
import { approveAuthorization, consentToken, denyAuthorization, grantedScopes } from '../../worker/domain/mcp-oauth/consent';
import { CONSENT_LIMITS } from '../../worker/domain/mcp-oauth/consent-limits';
import { grantedTools, offeredTools, type OfferedTool } from '../../worker/domain/mcp-oauth/consent-tools';
import { oauthUrls } from '../../worker/domain/mcp-oauth/oauth-urls';
import { redirectTarget } from '../../worker/domain/mcp-oauth/redirect-uri';
import { FORM_TARGET_HEADER } from '../../worker/security-headers';
import { requireUser } from '../auth/session.server';
import { plainIssue } from '../http/plain-issue';
import { readForm } from '../http/read-form.server';
import { redirect } from '../http/redirect.server';

// The consent page's server side (/oauth/authorize, ADR 042): the signed-in user sees which
// app asks, where it will be sent back, and what it asks for; Allow or Deny.

/** The header withSecurityHeaders turns into the page's form-action: the answer's 303 goes to the app. */
export const FORM_ACTION_HEADER = FORM_TARGET_HEADER;

async function signedInRequest(request: Request, context: AppLoadContext) {
  const { user, deps } = await requireUser(request, context);
  const urls = oauthUrls(deps.settings, request.url);
  const read = await readAuthorizationRequest(deps.directory.db, new URL(request.url).searchParams, urls);
  return { user, deps, urls, read };
}

export interface ConsentView {
  problem: string | null;
  app?: { name: string; redirectHost: string };
  asks?: { scope: string; label: string }[];
  asksWrite?: boolean;
  /** The tools it may be allowed, ticked as the page opens. */
  tools?: OfferedTool[];
  email?: string;
  csrf?: string;
  action?: string;
}

const hostOf = (uri: string) => {
  const url = new URL(uri);
  return url.host || url.protocol;
};

async function view(request: Request, deps: Deps, email: string, asked: AuthorizationRequest): Promise<ConsentView> {
  const session = readSessionToken(request.headers.get('cookie')) ?? '';
  const url = new URL(request.url);
  return {
    problem: null,
    app: { name: asked.clientName, redirectHost: hostOf(asked.redirectUri) },
    asks: asked.scopes.map((scope) => ({ scope, label: SCOPES[scope].label })),
    asksWrite: asked.scopes.includes('contacts:write'),
    tools: offeredTools(asked.scopes),
    email,
    csrf: await consentToken(session, asked),
    action: `${url.pathname}${url.search}`,
  };
}

export async function consentLoader(request: Request, context: AppLoadContext) {
  const { user, deps, read } = await signedInRequest(request, context);
  if (!read.ok && 'redirect' in read) throw redirect(read.redirect);
  if (!read.ok) return json<ConsentView>({ problem: read.problem }, { status: 400 });
  return json<ConsentView>(await view(request, deps, user.email, read.request), {
    headers: { [FORM_ACTION_HEADER]: redirectTarget(read.request.redirectUri) },
  });
}

const answerSchema = z.object({
  csrf: z.string().max(CONSENT_LIMITS.csrf),
  decision: z.enum(['allow', 'deny']),
  access: z.enum(['read', 'write']).optional(),
  contact_tags: z.string().max(CONSENT_LIMITS.contactTags).optional(),
  hide_private: z.literal('1').optional(),
  /** Set by the page's tool list: no ticked tool then means none, not "as before". */
  tools_shown: z.literal('1').optional(),
});

const tagsSchema = tokenLimitFields.contact_tags;
const toolsSchema = tokenLimitFields.tools;

/** The tools ticked, or a sentence for the page; a form without the list (an older page) keeps every default tool. */
function toolsOf(form: FormData, asked: AuthorizationRequest): { tools: string[] | null } | { error: string } {
  if (form.get('tools_shown') !== '1') return { tools: null };
  const ticked = form.getAll('tools').map(String);
  if (ticked.length === 0) return { error: 'Tick at least one thing the app may do, or choose Deny.' };
  const parsed = toolsSchema.safeParse(ticked);
  if (!parsed.success || !parsed.data) return { error: `Tools: ${parsed.success ? 'none ticked' : plainIssue(parsed.error.issues[0])}` };
  const offered = new Set(offeredTools(asked.scopes).map((tool) => tool.name));
  if (parsed.data.some((tool) => !offered.has(tool))) return { error: 'Tools: one of them needs more access than the app asked for.' };
  // Read only: the write tools ticked do nothing, so "unchanged" is judged by the read ones.
  const scopes = grantedScopes(asked, form.get('access') === 'read');
  const usable = new Set(offeredTools(scopes).map((tool) => tool.name));
  const kept = parsed.data.filter((tool) => usable.has(tool));
  if (kept.length === 0) return { error: 'With “Only read contacts”, tick at least one thing that only reads.' };
  return { tools: grantedTools(scopes, kept) };
}

export async function consentAction(request: Request, context: AppLoadContext) {
  const { user, deps, urls, read } = await signedInRequest(request, context);
  if (!read.ok && 'redirect' in read) throw redirect(read.redirect, 303);
  if (!read.ok) return json<ConsentView & { error?: string }>({ problem: read.problem }, { status: 400 });
  const asked = read.request;
  const fields = await readForm(request);
  const form = answerSchema.safeParse(Object.fromEntries([...fields.entries()].filter(([name]) => name !== 'tools')));
  const session = readSessionToken(request.headers.get('cookie')) ?? '';
  if (!form.success || form.data.csrf !== (await consentToken(session, asked)))
    throw new Response('This form is out of date or was not sent from Kith. Go back to the app and connect again.', { status: 403 });
  if (form.data.decision === 'deny') throw redirect(denyAuthorization(asked, urls), 303);
  const tags = (form.data.contact_tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const parsedTags = tagsSchema.safeParse(tags.length ? tags : null);
  const tools = toolsOf(fields, asked);
  if (!parsedTags.success || 'error' in tools) {
    const error = !parsedTags.success
      ? `Only contacts tagged: ${plainIssue(parsedTags.error.issues[0])}`
      : (tools as { error: string }).error;
    return json(
      { ...(await view(request, deps, user.email, asked)), error },
      { status: 400, headers: { [FORM_ACTION_HEADER]: redirectTarget(asked.redirectUri) } },
    );
  }
  try {
    const to = await approveAuthorization(
      deps,
      asked,
      {
        readOnly: form.data.access === 'read',
        contactTags: parsedTags.data ?? null,
        hidePrivate: form.data.hide_private === '1',
        tools: tools.tools,
      },
      urls,
    );
    throw redirect(to, 303);
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return json({ ...(await view(request, deps, user.email, asked)), error: error.message }, { status: error.status });
    throw error;
  }
}
