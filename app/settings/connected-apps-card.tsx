import { useActionData, useFetcher } from '@remix-run/react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useDateFormat } from '../layout/time-zone';
import { AGENT_TOOL_INFO, type AgentTool } from '../../worker/domain/auth/agent-tools';
import type { ConnectedAppsActionData } from './connected-apps-actions.server';

export interface ConnectedAppRow {
  id: string;
  name: string;
  redirect_host: string;
  scopes: string[];
  contact_tags: string[] | null;
  hide_private: boolean;
  tools: string[] | null;
  connected_at: string;
  last_used_at: string | null;
}

function what(app: ConnectedAppRow): string {
  const access = app.scopes.includes('contacts:write') ? 'reads and changes contacts' : 'reads contacts';
  const only = app.contact_tags ? `, only those tagged ${app.contact_tags.map((tag) => `“${tag}”`).join(' or ')}` : '';
  return `${access}${only}${app.hide_private ? ', never those tagged “private”' : ''}`;
}

/** The tools it may call, as the consent page named them. */
function toolsOf(app: ConnectedAppRow): string {
  if (!app.tools) return 'every tool but sending messages';
  return `only: ${app.tools.map((tool) => (tool in AGENT_TOOL_INFO ? AGENT_TOOL_INFO[tool as AgentTool].label : tool).toLowerCase()).join('; ')}`;
}

/** Settings → Connected apps: the MCP clients allowed through OAuth (ADR 042), and Disconnect. */
export function ConnectedAppsCard({ apps }: { apps: ConnectedAppRow[] }) {
  const fetcher = useFetcher<ConnectedAppsActionData>();
  const posted = useActionData<ConnectedAppsActionData>();
  const answer = fetcher.data ?? posted;
  const data = answer?.intent === 'connected-app-disconnect' ? answer : undefined;
  const format = useDateFormat();
  const busy = fetcher.state !== 'idle';
  return (
    <Card title="Connected apps">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Assistants you allowed to reach Kith through its MCP server (Claude, an IDE…). Each one asked you on Kith’s own page first.
        Disconnecting one stops it at once.
      </p>
      {data?.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {data.error}
        </p>
      ) : null}
      {data?.message ? (
        <p role="status" className="mt-3 text-sm text-emerald-800 dark:text-emerald-300">
          {data.message}
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Your connected apps">
        {apps.length === 0 ? <li className="py-3 text-sm text-slate-500">No apps connected.</li> : null}
        {apps.map((app) => (
          <li key={app.id} className="flex items-center gap-3 py-3 text-sm">
            <div className="flex-1">
              <p className="font-medium">{app.name}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {what(app)} · via {app.redirect_host} · connected {format.date(app.connected_at)}
                {app.last_used_at ? ` · last used ${format.dateTime(app.last_used_at)}` : ' · not used yet'}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">Tools: {toolsOf(app)}</p>
            </div>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="connected-app-disconnect" />
              <input type="hidden" name="id" value={app.id} />
              <Button type="submit" variant="secondary" disabled={busy} aria-label={`Disconnect ${app.name}`}>
                Disconnect
              </Button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
    </Card>
  );
}
