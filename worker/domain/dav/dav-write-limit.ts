import { hitRateLimit } from '../auth/rate-limit';
import type { ServerDeps } from '../deps';
import type { DavCaller } from './dav-sign-in';

// A phone's writes to the address book (issue 42: "the same rate limits and input limits as the
// API (a card's size, a PUT per second)"): per user, DAV_WRITES_PER_MINUTE PUTs and DELETEs in a
// minute's window, counted in D1 like the API's limit so every isolate sees the same count. Past
// it a write is 429 with Retry-After and changes nothing; reads go on. Per user, not per device,
// so a second phone does not double what an account may write.

const MESSAGE = 'Too many changes from your phones in a minute; the phone will send the rest shortly';

export async function countDavWrite(server: ServerDeps, caller: DavCaller): Promise<void> {
  await hitRateLimit(server.directory.db, `dav-write:${caller.user.id}`, server.settings.DAV_WRITES_PER_MINUTE, 60, MESSAGE);
}
