import { AppError } from '../errors';

const logged = new Set<string>();

/**
 * Tells the operator, in the server log and once per isolate, which settings a feature
 * lacks. Setting names belong there and in the README, never in what users read.
 */
export function logMissingSettings(feature: string, settingNames: readonly string[]): void {
  const line = `${feature} is off on this server: set ${settingNames.join(', ')} (README "Settings").`;
  if (logged.has(line)) return;
  logged.add(line);
  console.warn(line);
}

/**
 * The 503 `not_configured` a user sees when the server lacks settings for a feature: plain
 * words for the user, the setting names in the log for whoever runs Kith.
 */
export function notConfigured(feature: string, settingNames: readonly string[], userMessage?: string): AppError {
  logMissingSettings(feature, settingNames);
  return new AppError('not_configured', userMessage ?? `${feature} isn't set up on this server yet. Ask whoever runs Kith to set it up.`);
}
