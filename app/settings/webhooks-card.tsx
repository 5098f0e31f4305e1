import { Form, useNavigation } from '@remix-run/react';
import { Send } from '../components/icons';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/text-field';
import { WEBHOOK_EVENT_TYPES } from '../../worker/domain/webhooks/webhook-events';
import { WEBHOOK_LIMITS } from '../../worker/domain/webhooks/webhook-limits';
import { CopyableSecret } from './copyable-secret';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import type { WebhookActionData } from './webhook-actions.server';
import type { WebhooksCardData } from './webhooks.server';

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'contact.created': 'Contact added',
  'contact.updated': 'Contact changed',
  'contact.merged': 'Contacts merged',
  'contact.deleted': 'Contact deleted',
  'interaction.logged': 'Interaction logged',
  'reminder.due': 'Reminder due',
  'import.finished': 'Import finished',
  'life_event.found': 'Life event found',
};

function Hidden({ intent, id, extra = {} }: { intent: string; id: string; extra?: Record<string, string> }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** Settings → Webhooks: endpoints that hear what happens in Kith, their secrets and delivery logs. */
export function WebhooksCard({ data, result }: { data: WebhooksCardData; result?: WebhookActionData }) {
  const busy = useNavigation().state === 'submitting';
  const mine = result?.intent.startsWith('webhook-') ? result : undefined;
  return (
    <Card title="Webhooks">
      <div id="webhooks" className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Kith POSTs a signed JSON message to your address when something happens: for Zapier, n8n, Make or your own code. Each request
          carries <code>Kith-Signature</code> (HMAC-SHA256 with the endpoint&apos;s secret); failed deliveries are retried for about a day.
        </p>
        {mine?.secret ? (
          <CopyableSecret
            label={`Signing secret for ${mine.secret.url} — copy it now, it will not be shown again`}
            value={mine.secret.value}
          />
        ) : null}
        {mine?.message && !mine.error ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {mine.message}
          </p>
        ) : null}
        {mine?.error && mine.intent !== 'webhook-create' ? (
          <p role="alert" className="text-sm text-red-600">
            {mine.error}
          </p>
        ) : null}

        <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Your webhooks">
          {data.endpoints.length === 0 ? <li className="py-2 text-sm text-slate-500">No webhooks yet.</li> : null}
          {data.endpoints.map((endpoint) => (
            <li key={endpoint.id} className="py-3 text-sm">
              <p className="break-all font-medium">
                {endpoint.url}
                {endpoint.enabled ? null : <span className="ml-2 text-xs font-normal text-slate-500">(off)</span>}
              </p>
              {endpoint.description ? <p className="text-xs text-slate-500">{endpoint.description}</p> : null}
              <p className="text-xs text-slate-500">{endpoint.events.map((e) => EVENT_LABELS[e]).join(', ')}</p>
              {endpoint.previous_secret_until ? (
                <p className="text-xs text-slate-500">
                  The previous secret signs too until {endpoint.previous_secret_until.slice(0, 16).replace('T', ' ')} UTC.
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <Form method="post" preventScrollReset>
                  <Hidden intent="webhook-test" id={endpoint.id} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    <Send aria-hidden className="h-4 w-4" /> Send test delivery
                  </Button>
                </Form>
                <Form method="post" preventScrollReset>
                  <Hidden intent="webhook-rotate" id={endpoint.id} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    Rotate secret
                  </Button>
                </Form>
                <Form method="post" preventScrollReset>
                  <Hidden intent="webhook-toggle" id={endpoint.id} extra={{ enabled: String(!endpoint.enabled) }} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    {endpoint.enabled ? 'Turn off' : 'Turn on'}
                  </Button>
                </Form>
                <Form method="post" preventScrollReset>
                  <Hidden intent="webhook-delete" id={endpoint.id} />
                  <Button type="submit" variant="secondary" disabled={busy} aria-label={`Delete the webhook to ${endpoint.url}`}>
                    Delete
                  </Button>
                </Form>
              </div>
              <WebhookDeliveryLog endpoint={endpoint} opened={data.opened?.endpointId === endpoint.id ? data.opened : null} />
            </li>
          ))}
        </ul>

        <Form
          key={mine?.secret?.value ?? 'new-webhook'}
          method="post"
          preventScrollReset
          className="space-y-3 border-t border-slate-100 pt-4 dark:border-slate-800"
        >
          <input type="hidden" name="intent" value="webhook-create" />
          <TextField
            label="Address (https)"
            name="url"
            type="url"
            placeholder="https://hooks.zapier.com/hooks/catch/…"
            required
            maxLength={WEBHOOK_LIMITS.url}
            error={mine?.intent === 'webhook-create' ? (mine.error ?? undefined) : undefined}
          />
          <TextField
            label="Description (optional)"
            name="description"
            maxLength={WEBHOOK_LIMITS.description}
            placeholder="n8n: new contacts to the CRM sheet"
          />
          <fieldset>
            <legend className="text-sm font-medium">Events</legend>
            <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="events" value={type} defaultChecked={type.startsWith('contact.')} />
                  {EVENT_LABELS[type]} <code className="text-xs text-slate-500">{type}</code>
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" disabled={busy}>
            Add webhook
          </Button>
        </Form>
      </div>
    </Card>
  );
}
