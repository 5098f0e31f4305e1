import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CONSENT_LIMITS } from '../../worker/domain/mcp-oauth/consent-limits';
import { AuthCardPage, FormAlert } from '../auth/auth-card-page';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/text-field';
import { consentAction, consentLoader, FORM_ACTION_HEADER, type ConsentView } from '../oauth/consent.server';

// The consent page an MCP client sends the user to (OAuth 2.1, ADR 042).

export const meta: MetaFunction = () => [{ title: 'Connect an app · Kith' }];

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const target = actionHeaders.get(FORM_ACTION_HEADER) ?? loaderHeaders.get(FORM_ACTION_HEADER);
  return target ? { [FORM_ACTION_HEADER]: target } : new Headers();
};

export const loader = ({ request, context }: LoaderFunctionArgs) => consentLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => consentAction(request, context);

export default function ConsentPage() {
  const loaded = useLoaderData<typeof loader>() as ConsentView;
  const answered = useActionData<typeof action>() as (ConsentView & { error?: string }) | undefined;
  const page = answered ?? loaded;
  if (page.problem || !page.app)
    return (
      <AuthCardPage
        title="This app cannot connect"
        footer={
          <a className="font-medium text-brand-600 underline" href="/home">
            Back to Kith
          </a>
        }
      >
        <FormAlert>{page.problem}</FormAlert>
      </AuthCardPage>
    );
  return (
    <AuthCardPage
      title={`Allow “${page.app.name}” to reach your contacts?`}
      description={
        <>
          Signed in as <strong>{page.email}</strong>. If you allow it, Kith sends you back to <strong>{page.app.redirectHost}</strong>.
        </>
      }
      footer={<span>You can disconnect it any time in Settings → Connected apps.</span>}
    >
      <form method="post" action={page.action} className="space-y-4">
        <input type="hidden" name="csrf" value={page.csrf} />
        <div>
          <h2 className="text-sm font-medium">It asks to</h2>
          <ul className="mt-1 list-disc pl-5 text-sm" aria-label="What the app asks for">
            {page.asks!.map((ask) => (
              <li key={ask.scope}>
                {ask.label} <code className="text-xs text-slate-600 dark:text-slate-400">{ask.scope}</code>
              </li>
            ))}
          </ul>
        </div>
        {page.asksWrite ? (
          <fieldset>
            <legend className="text-sm font-medium">What it may do</legend>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="access" value="write" defaultChecked /> Read and change contacts
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="access" value="read" /> Only read contacts
            </label>
          </fieldset>
        ) : null}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Which contacts it may see</legend>
          <TextField
            label="Only contacts tagged (comma-separated; empty: every contact)"
            name="contact_tags"
            placeholder="work, clients"
            maxLength={CONSENT_LIMITS.contactTags}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="hide_private" value="1" defaultChecked /> Never contacts tagged “private”
          </label>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium">What it may use</legend>
          <input type="hidden" name="tools_shown" value="1" />
          <div className="mt-1 space-y-1">
            {page.tools!.map((tool) => (
              <label key={tool.name} className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="tools" value={tool.name} defaultChecked={tool.ticked} className="mt-1" />
                <span>
                  {tool.label} <code className="text-xs text-slate-600 dark:text-slate-400">{tool.name}</code>
                  {tool.ticked ? null : <span className="block text-xs text-slate-600 dark:text-slate-400">Off unless you tick it</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {answered?.error ? <FormAlert>{answered.error}</FormAlert> : null}
        <div className="flex gap-2">
          <Button type="submit" name="decision" value="allow" className="flex-1">
            Allow
          </Button>
          <Button type="submit" name="decision" value="deny" variant="secondary" className="flex-1">
            Deny
          </Button>
        </div>
      </form>
    </AuthCardPage>
  );
}
