/** Limits of push subscriptions, without zod (browser code reads them). */
export const PUSH_LIMITS = {
  /** A device's name as the browser describes itself ("Chrome on Android"). */
  deviceMax: 100,
  /** Push services' endpoints are a few hundred characters; a URL longer than this is not one. */
  endpointMax: 2000,
  /** Devices per account: a handful in life; a script run wild stops here. */
  devicesMax: 20,
} as const;
