import { Container } from '@cloudflare/containers';

/**
 * The Telegram gateway (services/telegram-gateway) as a Cloudflare Container, one instance per
 * Kith user: a user's MTProto connection lives in their own container, which sleeps when idle.
 * Declared only in wrangler.toml's [env.production] (Containers need Docker to build and run
 * locally); elsewhere Kith reaches the gateway at TELEGRAM_GATEWAY_URL.
 */
export class TelegramGatewayContainer extends Container {
  defaultPort = 8788;
  sleepAfter = '10m';
  // Read when the container starts: the secrets come from `wrangler secret put --env production`.
  envVars = {
    HOST: '0.0.0.0',
    PORT: '8788',
    TELEGRAM_API_ID: String((this.env as Record<string, unknown>).TELEGRAM_API_ID ?? ''),
    TELEGRAM_API_HASH: String((this.env as Record<string, unknown>).TELEGRAM_API_HASH ?? ''),
    TELEGRAM_GATEWAY_SECRET: String((this.env as Record<string, unknown>).TELEGRAM_GATEWAY_SECRET ?? ''),
  };
}
