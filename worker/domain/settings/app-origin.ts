import type { Settings } from '../../env';
import { notConfigured } from './not-configured';

/**
 * The app's own origin ("https://kith.example.com"), from APP_URL only. Every absolute URL
 * the server builds (reset links, OAuth redirect URIs, the mail sender's domain) starts
 * here, never from the request's Host header: whoever sends a request chooses that header,
 * so a link built from it can point anywhere. Null when APP_URL is unset or not http(s).
 */
export function appOrigin(settings: Pick<Settings, 'APP_URL'>): string | null {
  if (!settings.APP_URL) return null;
  try {
    const url = new URL(settings.APP_URL);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * An absolute URL of the app (`path` starts with "/"), or, without APP_URL, a plain-language
 * "not available" error for the user and the setting's name in the log.
 */
export function appUrl(settings: Pick<Settings, 'APP_URL'>, path: string, feature: string): string {
  const origin = appOrigin(settings);
  if (!origin)
    throw notConfigured(
      feature,
      ['APP_URL'],
      `${feature} isn't available on this server yet. Ask whoever runs Kith to finish setting it up.`,
    );
  return `${origin}${path}`;
}
