import { AppError } from '../errors';

/**
 * Tells the operator, in the server log, which settings a feature lacks, each time a user
 * meets the switched-off feature (an isolate serves many users, so "once per isolate" would
 * hide it from every log but the first). Setting names belong there and in the README, never
 * in what users read.
 */
export function logMissingSettings(feature: string, settingNames: readonly string[]): void {
  console.warn(`${feature} is off on this server: set ${settingNames.join(', ')} (README "Settings").`);
}

/** The settings among `names` that are unset. */
export function unsetSettings(settings: object, names: readonly string[]): string[] {
  const values = settings as Record<string, unknown>;
  return names.filter((name) => !values[name]);
}

/** What a user reads about a feature the server lacks settings for, in plain words. */
export const notSetUpMessage = (feature: string) => `${feature} isn't set up on this server yet. Ask whoever runs Kith to set it up.`;

/**
 * Null when every named setting is present; else the plain sentence for the user, with the
 * missing names logged for the operator.
 */
export function featureOffReason(settings: object, feature: string, names: readonly string[]): string | null {
  const missing = unsetSettings(settings, names);
  if (missing.length === 0) return null;
  logMissingSettings(feature, missing);
  return notSetUpMessage(feature);
}

/**
 * The 503 `not_configured` a user sees when the server lacks settings for a feature: plain
 * words for the user, the setting names in the log for whoever runs Kith.
 */
export function notConfigured(feature: string, settingNames: readonly string[], userMessage?: string): AppError {
  logMissingSettings(feature, settingNames);
  return new AppError('not_configured', userMessage ?? notSetUpMessage(feature));
}
