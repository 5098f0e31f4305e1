import type { Env } from '../env';

/** Email Routing entry point. BCC logging lands with the contact-detail issue. */
export async function receiveEmail(message: ForwardableEmailMessage, _env: Env): Promise<void> {
  console.log(`Inbound email for ${message.to} (${message.rawSize} bytes) not yet logged`);
}
