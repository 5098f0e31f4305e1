// The made-up Telegram that both gateways of the contract suite serve: given to the fake gateway
// as its /__scenario/telegram steering, and to the real gateway as a scripted mtcute client.

export interface WorldUser {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  bot?: boolean;
}
export interface WorldMessage {
  id: number;
  date: number;
  out: boolean;
  text: string;
}
export interface WorldAccount {
  phone: string;
  code?: string;
  password?: string | null;
  self: WorldUser;
  dialogs?: { peer: WorldUser; messages?: WorldMessage[]; read_outbox_max_id?: number }[];
  bios?: Record<string, string | null>;
  /** Ids as Telegram's apps mark them: -id for a basic group, -(10^12 + id) for a megagroup. */
  chats?: { id: string; title: string; participants: WorldUser[] }[];
  /** Gateway method → FLOOD_WAIT seconds. */
  flood?: Record<string, number>;
  revoked?: boolean;
  /** The first session call moves the session (as a DC migration does). */
  rotate_session?: boolean;
}

const user = (id: string, first_name: string, username: string | null, extra: Partial<WorldUser> = {}): WorldUser => ({
  id,
  username,
  first_name,
  last_name: null,
  phone: null,
  ...extra,
});

export const ana = user('5000000001', 'Ana', 'ana_lima', { last_name: 'Lima', phone: '351910000001' });
export const bo = user('5000000002', 'Bo', null);
export const cy = user('5000000003', 'Cy', 'cy_member');
export const bot = user('5000000004', 'Helper', 'helper_bot', { bot: true });

export const PLAIN = '+15550000101';
export const TWO_FA = '+15550000102';
export const FLOODED = '+15550000103';
export const REVOKED = '+15550000104';
export const MOVING = '+15550000105';

export const world: WorldAccount[] = [
  {
    phone: PLAIN,
    code: '24680',
    self: user('7100000001', 'Me', 'me_here', { phone: '15550000101' }),
    dialogs: [
      {
        peer: ana,
        read_outbox_max_id: 12,
        messages: [
          { id: 10, date: 1_700_000_000, out: false, text: 'hi' },
          { id: 11, date: 1_700_000_060, out: true, text: 'hello Ana' },
          { id: 12, date: 1_700_000_120, out: true, text: 'lunch?' },
          { id: 13, date: 1_700_000_180, out: false, text: 'yes' },
        ],
      },
      { peer: bo, read_outbox_max_id: 0, messages: [{ id: 20, date: 1_700_000_200, out: false, text: 'hey' }] },
      { peer: bot, read_outbox_max_id: 0, messages: [{ id: 30, date: 1_700_000_300, out: false, text: 'beep' }] },
    ],
    bios: { '5000000001': 'Designer in Lisbon' },
    chats: [
      { id: '-4001', title: 'Book club', participants: [ana, bo] },
      { id: '-1000000005002', title: 'Climbing', participants: [ana, cy, bo] },
    ],
  },
  { phone: TWO_FA, code: '13579', password: 'correct horse', self: user('7100000002', 'Secure', null, { phone: '15550000102' }) },
  { phone: FLOODED, code: '11111', self: user('7100000003', 'Busy', null, { phone: '15550000103' }), flood: { dialogs: 37 } },
  {
    phone: MOVING,
    code: '33333',
    self: user('7100000005', 'Mover', null, { phone: '15550000105' }),
    rotate_session: true,
    dialogs: [{ peer: bo, messages: [{ id: 5, date: 1_700_000_500, out: false, text: 'moved?' }] }],
  },
  { phone: REVOKED, code: '22222', self: user('7100000004', 'Gone', null, { phone: '15550000104' }), revoked: true },
];
