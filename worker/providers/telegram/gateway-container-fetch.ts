import type { TelegramGatewayContainer } from './gateway-container';

/**
 * A fetch that sends every gateway call to the user's own container instance (the URL's host is
 * not used). It reaches the instance through the binding alone, as @cloudflare/containers'
 * getContainer does, so the domain never loads the Containers runtime (`cloudflare:workers`):
 * only the Worker's entry exports the class.
 */
export function containerFetch(namespace: DurableObjectNamespace<TelegramGatewayContainer>, userId: string): typeof fetch {
  return (input, init) => namespace.get(namespace.idFromName(`telegram:${userId}`)).fetch(new Request(input, init));
}
