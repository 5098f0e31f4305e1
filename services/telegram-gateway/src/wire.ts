// Gateway wire format v1 (docs/decisions/009-telegram-through-a-gateway.md): ids are decimal
// strings, times Unix seconds.

export interface WireUser {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  bot: boolean;
}

export interface WireDialog {
  peer: WireUser;
  top_message_id: number;
  read_outbox_max_id: number;
  read_inbox_max_id: number;
}

export interface WireMessage {
  id: number;
  date: number;
  out: boolean;
  text: string;
}

export interface WireChat {
  id: string;
  title: string;
  participants_count: number | null;
}

/** An answer in the error envelope `{ error: { type, message, seconds? } }`. */
export class GatewayError extends Error {
  readonly status: number;
  readonly type: string | null;
  readonly seconds: number | undefined;

  constructor(status: number, type: string | null, message?: string, seconds?: number) {
    super(message ?? type ?? 'gateway error');
    this.name = 'GatewayError';
    this.status = status;
    this.type = type;
    this.seconds = seconds;
  }

  body() {
    return {
      error: {
        ...(this.type ? { type: this.type } : {}),
        message: this.message,
        ...(this.seconds !== undefined ? { seconds: this.seconds } : {}),
      },
    };
  }
}

/** The limits the wire format allows per call; a larger `limit` is a 400, not a silent cut. */
export const LIMITS = { dialogs: 100, messages: 100, chats: 200, participants: 1000, userIds: 100, text: 4096, randomId: 100 } as const;
