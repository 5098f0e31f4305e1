import { Form, useNavigation } from '@remix-run/react';
import { KeyRound } from '../components/icons';
import { ACCOUNT_LIMITS } from '../../worker/domain/auth/account-limits';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/text-field';
import { CopyableSecret } from './copyable-secret';
import type { SettingsActionData } from './settings-actions.server';
import { useDateFormat } from '../layout/time-zone';
import { accessLabel, DEFAULT_TOKEN_ACCESS, TOKEN_ACCESS } from './token-access';
import { AGENT_TOOL_INFO, AGENT_TOOLS, OPT_IN_TOOLS } from '../../worker/domain/auth/agent-tools';

export interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_by_token_id: string | null;
  created_at: string;
  last_used_at: string | null;
  contact_tags?: string[] | null;
  hide_private?: boolean;
  tools?: string[] | null;
}

/** A token's limits beyond its scopes, in the page's words (issue 47). */
function limitsLabel(t: TokenRow): string {
  const parts = [
    t.contact_tags ? `only contacts tagged ${t.contact_tags.map((tag) => `“${tag}”`).join(' or ')}` : '',
    t.hide_private ? 'never contacts tagged “private”' : '',
    t.tools ? `agent tools: ${t.tools.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length ? ` · ${parts.join(' · ')}` : '';
}

export function TokensCard({ tokens, result }: { tokens: TokenRow[]; result?: SettingsActionData }) {
  const busy = useNavigation().state === 'submitting';
  const format = useDateFormat();
  const mine = result?.intent === 'create-token' || result?.intent === 'revoke-token' ? result : undefined;
  return (
    <Card title="Personal access tokens">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Tokens let scripts and the Kith browser extension use the API as you (<code>Authorization: Bearer …</code>).
      </p>
      {mine?.created ? (
        <div className="mt-4">
          <CopyableSecret label={`Token "${mine.created.name}" — copy it now, it will not be shown again`} value={mine.created.token} />
        </div>
      ) : null}
      <Form key={mine?.created?.token ?? 'new-token'} method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="create-token" />
        <TextField
          label="Token name"
          name="name"
          placeholder="Browser extension"
          required
          maxLength={ACCOUNT_LIMITS.tokenName}
          error={mine?.error ?? undefined}
        />
        <fieldset>
          <legend className="text-sm font-medium">What it may do</legend>
          <div className="mt-1 space-y-1">
            {TOKEN_ACCESS.map((access) => (
              <label key={access.value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="access"
                  value={access.value}
                  defaultChecked={access.value === DEFAULT_TOKEN_ACCESS}
                  className="mt-1"
                />
                <span>
                  {access.label} <span className="text-xs text-slate-500">({access.hint})</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium">Which contacts it may see</legend>
          <div className="mt-1 space-y-2">
            <TextField
              label="Only contacts tagged (comma-separated; empty: every contact)"
              name="contact_tags"
              placeholder="work, clients"
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="hide_private" value="1" />
              Never contacts tagged “private”
            </label>
          </div>
        </fieldset>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">
            Agent (MCP) tools it may call: every one but sending messages, unless you choose
          </summary>
          <input type="hidden" name="tools_shown" value="1" />
          <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {AGENT_TOOLS.map((tool) => (
              <label key={tool} className="flex items-start gap-2">
                <input type="checkbox" name="tools" value={tool} defaultChecked={!OPT_IN_TOOLS.includes(tool)} className="mt-1" />
                <span>
                  {AGENT_TOOL_INFO[tool].label} <code className="text-xs">{tool}</code>
                </span>
              </label>
            ))}
          </div>
        </details>
        <Button type="submit" disabled={busy}>
          Create token
        </Button>
      </Form>
      <ul className="mt-6 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Your tokens">
        {tokens.length === 0 ? <li className="py-3 text-sm text-slate-500">No tokens yet.</li> : null}
        {tokens.map((t) => {
          const maker = t.created_by_token_id ? tokens.find((other) => other.id === t.created_by_token_id) : undefined;
          return (
            <li key={t.id} className="flex items-center gap-3 py-3 text-sm">
              <KeyRound className="h-4 w-4 text-slate-400" />
              <div className="flex-1">
                <p className="font-medium">{t.name}</p>
                <p className="text-xs text-slate-500">
                  <code>{t.prefix}…</code> · created {format.date(t.created_at)}
                  {t.last_used_at ? ` · last used ${format.date(t.last_used_at)}` : ' · never used'}
                </p>
                <p className="text-xs text-slate-500">
                  {accessLabel(t.scopes)} (<code>{t.scopes.join(' ')}</code>)
                  {maker ? ` · made by the token “${maker.name}”, revoked with it` : ''}
                  {limitsLabel(t)}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-token" />
                <input type="hidden" name="id" value={t.id} />
                <Button type="submit" variant="secondary" aria-label={`Revoke ${t.name}`}>
                  Revoke
                </Button>
              </Form>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
