import type { ServerResponse } from 'node:http';
import { registerFake } from './fake-providers.ts';

/**
 * A Telegram gateway (docs/decisions/009-telegram-through-a-gateway.md, wire format v1) over
 * a made-up Telegram: one account per phone number, steered by POST /__scenario/telegram.
 * Sessions are opaque strings naming the account; an unauthorized session can only finish
 * logging in.
 */

interface User {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  bot?: boolean;
}
interface Message {
  id: number;
  date: number;
  out: boolean;
  text: string;
}
interface Dialog {
  peer: User;
  messages: Message[];
  read_outbox_max_id: number;
  read_inbox_max_id: number;
}
interface Chat {
  id: string;
  title: string;
  participants: User[];
}
interface Account {
  phone: string;
  code: string;
  password: string | null;
  self: User;
  dialogs: Dialog[];
  bios: Record<string, string | null>;
  chats: Chat[];
  /** gateway method → FLOOD_WAIT seconds it answers with. */
  flood: Record<string, number>;
  revoked: boolean;
  /** The next session call moves the session (as a DC migration does): answers a new one, and the old one stops working. */
  rotateSession: boolean;
  sent: { peer: string; text: string; random_id: string }[];
  sentByRandomId: Map<string, { message: Message; peer: User }>;
  log: string[];
  nextId: number;
}

const SECRET = 'test-telegram-secret';
const accounts = new Map<string, Account>();
const sessions = new Map<string, { phone: string; authorized: boolean }>();
let sessionCounter = 0;

function account(phone: string): Account {
  let a = accounts.get(phone);
  if (!a) {
    const id = String(7_000_000_000 + accounts.size);
    a = {
      phone,
      code: '12345',
      password: null,
      self: wireUser({ id, first_name: 'Me', phone: phone.slice(1) }),
      dialogs: [],
      bios: {},
      chats: [],
      flood: {},
      revoked: false,
      rotateSession: false,
      sent: [],
      sentByRandomId: new Map(),
      log: [],
      nextId: 1000,
    };
    accounts.set(phone, a);
  }
  return a;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const fail = (res: ServerResponse, status: number, type: string, extra: Record<string, unknown> = {}) =>
  send(res, status, { error: { type, message: type, ...extra } });

function newSession(phone: string, authorized: boolean) {
  const session = `fake-session-${++sessionCounter}-${Buffer.from(phone).toString('hex')}`;
  sessions.set(session, { phone, authorized });
  return session;
}

/** Users as the wire format has them: `bot` is always there (the contract suite checks it against the real gateway). */
const wireUser = (u: Partial<User> & { id: string }): User => ({
  id: u.id,
  username: u.username ?? null,
  first_name: u.first_name ?? null,
  last_name: u.last_name ?? null,
  phone: u.phone ?? null,
  bot: u.bot ?? false,
});

/** The largest `limit` (or list) each method takes, as services/telegram-gateway answers: more is a 400. */
const LIMITS: Record<string, [field: string, max: number]> = {
  dialogs: ['limit', 100],
  messages: ['limit', 100],
  chats: ['limit', 200],
  'chats/participants': ['limit', 1000],
  'users/full': ['user_ids', 100],
};

function findUser(a: Account, peer: string): User | undefined {
  const all = [...a.dialogs.map((d) => d.peer), ...a.chats.flatMap((c) => c.participants)];
  const username = peer.startsWith('@') ? peer.slice(1).toLowerCase() : null;
  return all.find((u) => (username ? u.username?.toLowerCase() === username : u.id === peer));
}

/** Now, in Telegram's seconds, but after the dialog's last message: Telegram never gives two messages of a chat the same order twice. */
function nextDate(dialog: { messages: Message[] }): number {
  const last = dialog.messages.at(-1)?.date ?? 0;
  return Math.max(Math.floor(Date.now() / 1000), last + 1);
}

type ScenarioDialog = { peer: User; messages?: { id?: number; date?: number; out: boolean; text: string }[]; read_outbox_max_id?: number };

registerFake((req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;
  if (path === '/__scenario/telegram' && req.method === 'POST') {
    const s = JSON.parse(body) as {
      phone: string;
      password?: string | null;
      code?: string;
      dialogs?: ScenarioDialog[];
      bios?: Record<string, string | null>;
      chats?: Chat[];
      flood?: Record<string, number>;
      revoked?: boolean;
      rotate_session?: boolean;
      self?: Partial<User>;
    };
    const a = account(s.phone);
    if (s.password !== undefined) a.password = s.password;
    if (s.code) a.code = s.code;
    if (s.self) a.self = wireUser({ ...a.self, ...s.self });
    for (const d of s.dialogs ?? []) {
      let dialog = a.dialogs.find((x) => x.peer.id === d.peer.id);
      if (!dialog) a.dialogs.push((dialog = { peer: wireUser(d.peer), messages: [], read_outbox_max_id: 0, read_inbox_max_id: 0 }));
      for (const m of d.messages ?? [])
        dialog.messages.push({ id: m.id ?? ++a.nextId, date: m.date ?? nextDate(dialog), out: m.out, text: m.text });
      if (d.read_outbox_max_id !== undefined) dialog.read_outbox_max_id = d.read_outbox_max_id;
    }
    if (s.bios) Object.assign(a.bios, s.bios);
    if (s.chats) a.chats = s.chats.map((c) => ({ ...c, participants: c.participants.map(wireUser) }));
    if (s.flood) a.flood = s.flood;
    if (s.revoked !== undefined) a.revoked = s.revoked;
    if (s.rotate_session !== undefined) a.rotateSession = s.rotate_session;
    send(res, 200, { dialogs: a.dialogs.map((d) => ({ peer_id: d.peer.id, message_ids: d.messages.map((m) => m.id) })) });
    return true;
  }
  if (path === '/__scenario/telegram/sent') {
    send(res, 200, account(url.searchParams.get('phone') ?? '').sent);
    return true;
  }
  if (path === '/__scenario/telegram/log') {
    send(res, 200, account(url.searchParams.get('phone') ?? '').log);
    return true;
  }
  if (!path.startsWith('/telegram-gateway/v1/')) return false;
  const method = path.slice('/telegram-gateway/v1/'.length);
  if (req.headers.authorization !== `Bearer ${SECRET}`) {
    send(res, 401, { error: { message: 'bad gateway secret' } });
    return true;
  }
  const q = JSON.parse(body || '{}') as Record<string, any>;

  if (method === 'auth/send-code') {
    if (!/^\+\d{6,15}$/.test(q.phone)) return (fail(res, 400, 'PHONE_NUMBER_INVALID'), true);
    const a = account(q.phone);
    a.log.push(method);
    if (a.flood[method]) return (fail(res, 420, 'FLOOD_WAIT', { seconds: a.flood[method] }), true);
    send(res, 200, { session: newSession(q.phone, false), phone_code_hash: `hash-${a.code}` });
    return true;
  }
  const state = sessions.get(q.session);
  if (!state) return (fail(res, 401, 'AUTH_KEY_UNREGISTERED'), true);
  const a = account(state.phone);
  a.log.push(method);
  if (method === 'auth/sign-in') {
    if (q.phone_code_hash !== `hash-${a.code}` || q.code !== a.code) return (fail(res, 400, 'PHONE_CODE_INVALID'), true);
    if (a.password) return (fail(res, 401, 'SESSION_PASSWORD_NEEDED'), true);
    state.authorized = true;
    send(res, 200, { session: q.session, user: a.self });
    return true;
  }
  if (method === 'auth/check-password') {
    if (!a.password || q.password !== a.password) return (fail(res, 400, 'PASSWORD_HASH_INVALID'), true);
    state.authorized = true;
    send(res, 200, { session: q.session, user: a.self });
    return true;
  }
  if (!state.authorized || a.revoked) return (fail(res, 401, 'AUTH_KEY_UNREGISTERED'), true);
  const bound = LIMITS[method];
  if (bound) {
    const value = q[bound[0]];
    const size = Array.isArray(value) ? value.length : value;
    if (typeof size !== 'number' || size < (Array.isArray(value) ? 0 : 1) || size > bound[1]) return (fail(res, 400, 'BAD_REQUEST'), true);
  }
  if (a.flood[method]) return (fail(res, 420, 'FLOOD_WAIT', { seconds: a.flood[method] }), true);

  const moves = a.rotateSession && (method in LIMITS || method === 'messages/send');
  if (moves) {
    a.rotateSession = false;
    sessions.delete(q.session);
  }
  const moved = moves ? { session: newSession(state.phone, true) } : {};
  const answer = (body: object) => send(res, 200, { ...body, ...moved });

  switch (method) {
    case 'dialogs':
      answer({
        dialogs: a.dialogs.slice(0, q.limit).map((d) => ({
          peer: d.peer,
          top_message_id: Math.max(0, ...d.messages.map((m) => m.id)),
          read_outbox_max_id: d.read_outbox_max_id,
          read_inbox_max_id: d.read_inbox_max_id,
        })),
      });
      return true;
    case 'messages': {
      const dialog = a.dialogs.find((d) => d.peer.id === q.peer_id);
      const messages = (dialog?.messages ?? [])
        .filter((m) => m.id > q.min_id)
        .sort((x, y) => x.id - y.id)
        .slice(0, q.limit);
      answer({ messages });
      return true;
    }
    case 'users/full':
      answer({ users: (q.user_ids as string[]).map((id) => ({ id, about: a.bios[id] ?? null })) });
      return true;
    case 'chats':
      answer({
        chats: a.chats.slice(0, q.limit).map((c) => ({ id: c.id, title: c.title, participants_count: c.participants.length + 1 })),
      });
      return true;
    case 'chats/participants': {
      const chat = a.chats.find((c) => c.id === q.chat_id);
      answer({ participants: [a.self, ...(chat?.participants ?? [])].slice(0, q.limit) });
      return true;
    }
    case 'messages/send': {
      const earlier = a.sentByRandomId.get(q.random_id);
      if (earlier) return (answer(earlier), true);
      const peer = findUser(a, q.peer);
      if (!peer) return (fail(res, 400, q.peer.startsWith('@') ? 'USERNAME_NOT_OCCUPIED' : 'PEER_ID_INVALID'), true);
      let dialog = a.dialogs.find((d) => d.peer.id === peer.id);
      if (!dialog) a.dialogs.push((dialog = { peer, messages: [], read_outbox_max_id: 0, read_inbox_max_id: 0 }));
      const message = { id: ++a.nextId, date: nextDate(dialog), out: true, text: q.text };
      dialog.messages.push(message);
      a.sent.push({ peer: q.peer, text: q.text, random_id: q.random_id });
      a.sentByRandomId.set(q.random_id, { message, peer });
      answer({ message, peer });
      return true;
    }
    default:
      fail(res, 400, 'METHOD_INVALID');
      return true;
  }
});
