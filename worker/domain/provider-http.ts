import type { Settings } from '../env';
import type { ProviderHttp } from '../providers/provider-fetch';

/**
 * How the domain reaches an outside service: the Worker's fetch (wrapped: workerd refuses a
 * fetch called as another object's method), within PROVIDER_TIMEOUT_MS when that is set and
 * the client's own limit otherwise.
 */
export const providerHttp = (settings: Settings): ProviderHttp => ({
  fetch: (...a) => fetch(...a),
  timeoutMs: settings.PROVIDER_TIMEOUT_MS,
});
