import { useCallback, useEffect, useState } from 'react';
import { api, dataOf, type ApiData } from '../api/client';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';

type PushSettings = ApiData<typeof api.push.$get>;

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** "Chrome on Android": how this device is named in the list. */
function thisDevice(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone'
      : /Mac OS X/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows'
          : 'Linux';
  return `${browser} on ${system}`;
}

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)), (c) => c.charCodeAt(0));

/**
 * Settings → Notifications (ADR 034): due reminders, overdue cadences and follow-ups pushed once a
 * day at the chosen hour to each device that turned them on; each device listed, removable.
 */
export function NotificationsCard() {
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  const load = useCallback(
    () => void dataOf(api.push.$get()).then(setSettings, () => setMessage({ text: 'Could not load notifications', error: true })),
    [],
  );
  useEffect(load, [load]);

  const enable = async () => {
    if (!settings?.public_key) return;
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setMessage({
          text: 'Notifications are blocked for Kith in this browser: allow them in its site settings, then try again.',
          error: true,
        });
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64Url(settings.public_key),
      });
      const { endpoint, keys } = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await dataOf(api.push.devices.$post({ json: { endpoint, keys, device: thisDevice() } }));
      setMessage({ text: `Notifications are on for this device. Reminders arrive at ${hourLabel(settings.hour)}.` });
      load();
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : 'Could not turn notifications on', error: true });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    await dataOf(api.push.devices[':id'].$delete({ param: { id } })).catch(() => undefined);
    setMessage({ text: 'Removed: nothing more is sent to that device.' });
    load();
  };
  const setHour = async (hour: number) => setSettings(await dataOf(api.push.$patch({ json: { hour } })));

  return (
    <Card title="Notifications">
      {!settings ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>
      ) : !settings.available ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Notifications aren&apos;t set up on this server yet.</p>
      ) : (
        <div className="space-y-3 text-sm">
          <p>Reminders, follow-ups and people overdue for a catch-up, once a day on the devices you choose.</p>
          <label className="flex items-center gap-2">
            Arrive at
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
              value={settings.hour}
              onChange={(e) => void setHour(Number(e.target.value))}
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
            <span className="text-slate-600 dark:text-slate-400">(your time zone)</span>
          </label>
          {supported ? (
            <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => void enable()}>
              Enable notifications on this device
            </button>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">
              This browser cannot receive notifications. On iPhone, add Kith to the Home Screen first.
            </p>
          )}
          {settings.devices.length ? (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Devices with notifications">
              {settings.devices.map((d) => (
                <li key={d.id} className="flex items-center justify-between gap-3 py-2">
                  <span>
                    {d.device}
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {d.last_sent_at ? `Last notified ${new Date(d.last_sent_at).toLocaleString()}` : 'Not notified yet'}
                    </span>
                  </span>
                  <button
                    type="button"
                    className={buttonClass('secondary')}
                    onClick={() => void remove(d.id)}
                    aria-label={`Remove ${d.device}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">No device has notifications on.</p>
          )}
        </div>
      )}
      {message ? (
        <p
          role={message.error ? 'alert' : 'status'}
          className={`mt-2 text-sm ${message.error ? 'text-red-600' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {message.text}
        </p>
      ) : null}
    </Card>
  );
}
