import { z } from 'zod';
import type { JobMessage } from './jobs/messages';
import { PASSWORD_ITERATIONS } from './domain/auth/passwords';
import type { WorkersAiBinding } from './providers/llm/workers-ai-client';
import { parseAllowedPrivateHosts } from './domain/webhooks/allowed-private-hosts';
import { parseVapid, type Vapid } from './domain/push/vapid';

/** The Worker's bindings, as declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  JOBS: Queue<JobMessage>;
  FILES?: R2Bucket;
  ASSETS?: Fetcher;
  EMAIL?: SendEmail;
  /** Workers AI (production only, wrangler.toml): the model when no LLM_API_KEY is set. */
  AI?: WorkersAiBinding;
  [setting: string]: unknown;
}

const optional = z.string().trim().min(1).optional().catch(undefined);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().catch(fallback);
/** "DB, DB_SHARD_2" -> ['DB', 'DB_SHARD_2']: D1 binding names, without repeats. */
const bindingNames = (value: string | undefined) => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  ),
];

const settingsSchema = z.object({
  MAP_PROVIDER_PUBLIC_TOKEN: optional,
  MAP_PROVIDER_SECRET_TOKEN: optional,
  MAPBOX_API_URL: z.string().url().catch('https://api.mapbox.com'),
  MAP_STYLE_URL: z.string().min(1).catch('mapbox://styles/mapbox/streets-v12'),
  ENRICHMENT_API_KEY: optional,
  ENRICHMENT_API_URL: z.string().url().catch('https://api.apollo.io'),
  LLM_API_KEY: optional,
  LLM_BASE_URL: z.string().url().catch('https://api.openai.com/v1'),
  LLM_MODEL: z.string().min(1).catch('gpt-4o-mini'),
  // The Workers AI model asked when LLM_API_KEY is unset and the AI binding is there (ADR 019).
  WORKERS_AI_MODEL: z.string().min(1).catch('@cf/meta/llama-3.3-70b-instruct-fp8-fast'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_OAUTH_URL: z.string().url().catch('https://accounts.google.com'),
  GOOGLE_TOKEN_URL: z.string().url().catch('https://oauth2.googleapis.com'),
  GOOGLE_API_URL: z.string().url().catch('https://people.googleapis.com'),
  GMAIL_API_URL: z.string().url().catch('https://gmail.googleapis.com'),
  GOOGLE_CALENDAR_API_URL: z.string().url().catch('https://www.googleapis.com'),
  X_CLIENT_ID: optional,
  X_CLIENT_SECRET: optional,
  X_AUTH_URL: z.string().url().catch('https://twitter.com/i/oauth2/authorize'),
  X_API_URL: z.string().url().catch('https://api.x.com'),
  // The Telegram gateway (docs/decisions/009): unset, the Telegram card says it is not configured.
  TELEGRAM_GATEWAY_URL: z.string().url().optional().catch(undefined),
  TELEGRAM_GATEWAY_SECRET: optional,
  // Resolves host names before an untrusted URL (a company website's favicon) is fetched (ADR 003).
  DNS_OVER_HTTPS_URL: z.string().url().catch('https://cloudflare-dns.com/dns-query'),
  // Private hosts webhooks may reach anyway (ADR 030): "host" or "host:port", comma-separated.
  // No .catch: a malformed list stops the Worker at its first request instead of guessing.
  ALLOWED_PRIVATE_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseAllowedPrivateHosts(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  // How long a webhook delivery may wait between attempts at most, in seconds; tests shorten it.
  WEBHOOK_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(0).optional().catch(undefined),
  // How long any outside service may take to answer, in ms. Unset: each client's own limit
  // (20 s Google, X and Telegram, 15 s Apollo, 30 s the language model, 8 s Mapbox and favicons).
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().optional().catch(undefined),
  BCC_DOMAIN: optional,
  SESSION_SECRET: optional,
  // The app's own origin: links in emails, OAuth redirects, and the passkeys' relying party (its
  // host is the RP ID, ADR 027). Unset, those features say they are off; set but not an http(s)
  // URL, every request fails naming it, so passkeys are never registered for a wrong origin.
  APP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: 'APP_URL must be an http(s) URL such as https://kith.example.com' }).optional()),
  ENCRYPTION_KEY: optional,
  INBOUND_EMAIL_SECRET: optional,
  MAIL_FROM: optional,
  API_RATE_LIMIT_PER_MINUTE: positiveInt(600),
  // The window that limit counts in: a minute; the browser tests shorten it to see a countdown end.
  API_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  // Each app connected through OAuth (ADR 042) has its own budget in that window, apart from the
  // user's: one runaway agent cannot use up what the user's other tools and pages need.
  MCP_CLIENT_RATE_LIMIT_PER_MINUTE: positiveInt(120),
  AUTH_RATE_LIMIT_PER_15_MIN: positiveInt(20),
  // A phone's writes to the address book (PUT, DELETE) per user per minute: a PUT a second on
  // average (issue 42), apart from the API limit every DAV request also counts against.
  DAV_WRITES_PER_MINUTE: positiveInt(60),
  // What one account may keep in contact files (ADR 066, 079): sign-up is open, and without a cap
  // one account could fill the operator's R2 at 10 MB a request.
  FILES_PER_ACCOUNT: positiveInt(10_000),
  FILES_BYTES_PER_ACCOUNT: positiveInt(2 * 1024 * 1024 * 1024),
  // "true": requests come through Cloudflare's edge, which sets cf-connecting-ip to the client's
  // address, so it is trusted (sign-in limits per source, the address in security events).
  // Unset or "false": the header is removed at the door, since a client reaching the Worker
  // directly could send any value. Anything else stops the Worker with its name (issue 41 item 9).
  BEHIND_CLOUDFLARE: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = value?.trim().toLowerCase();
      if (v === undefined || v === '' || v === 'false') return false;
      if (v === 'true') return true;
      ctx.addIssue({ code: 'custom', message: `BEHIND_CLOUDFLARE must be "true" or "false", not ${JSON.stringify(value)}` });
      return z.NEVER;
    }),
  // PBKDF2 iterations of new password hashes. Unset everywhere but the test suites, which set a
  // low count: 100 000 rounds cost ~40 ms of CPU per sign-up, and the suites sign up thousands of
  // users (the workerd suite's tests ran ~40 % faster). Django's test hasher and Devise's
  // stretches do the same. Stored hashes carry a count other than 100 000 (auth/passwords.ts).
  PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1_000).max(PASSWORD_ITERATIONS).catch(PASSWORD_ITERATIONS),
  // The pause before the first of Mapbox's in-job retries (doubling after it); tests shorten it.
  GEOCODING_RETRY_PAUSE_MS: positiveInt(250),
  // Unset in production; local runs and e2e set it low so retries reach the dead-letter queue in seconds.
  JOB_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(0).optional().catch(undefined),
  // The D1 queries a queue invocation makes before it hands its batch's remaining jobs to the
  // queue again: half of the 1 000 an invocation may make, leaving room for the job in progress.
  JOB_BATCH_QUERY_BUDGET: positiveInt(500),
  // The model calls reading new messages for life events may make per user and UTC day (ADR 043).
  LIFE_EVENTS_DAILY_MODEL_CALLS: positiveInt(50),
  // On ("1"): each job logs what it asked of D1 (queries, rows read and written); the bench reads it.
  LOG_JOB_COST: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true')
    .catch(false),
  // The D1 bindings users' data may live on (docs/decisions/015); DB, the directory, is always one.
  USER_DATABASES: z
    .string()
    .optional()
    .transform((v) => bindingNames(`DB,${v ?? ''}`))
    .catch(['DB']),
  // Where new users go (by a hash of their id); unset: every one of USER_DATABASES.
  NEW_USER_DATABASES: z
    .string()
    .optional()
    .transform((v) => (bindingNames(v).length ? bindingNames(v) : undefined))
    .catch(undefined),
});

export type Settings = z.infer<typeof settingsSchema> & {
  /**
   * Web Push (RFC 8292, ADR 034) from VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: all
   * three or none (undefined: push is off). A malformed one stops the Worker, naming it.
   */
  VAPID?: Vapid;
};

// The Worker's bundle and the Remix server build each carry a copy of this module: one cache for
// both, or every page parsed the settings again (zod, a few ms of CPU a request).
const SETTINGS_CACHE = Symbol.for('kith.settings-of-env');
const cache = ((globalThis as { [SETTINGS_CACHE]?: WeakMap<object, Settings> })[SETTINGS_CACHE] ??= new WeakMap<object, Settings>());

/** Reads and validates the string settings once per env object (see DESIGN "Configuration"). */
export function getSettings(env: Env): Settings {
  let settings = cache.get(env);
  if (!settings) {
    const parsed = settingsSchema.safeParse(env);
    const vapid = parseVapid(env);
    const problems = [...(parsed.success ? [] : parsed.error.issues.map((i) => i.message)), ...(typeof vapid === 'string' ? [vapid] : [])];
    if (!parsed.success || typeof vapid === 'string') throw new Error(`Kith cannot start: ${problems.join('; ')}`);
    settings = { ...parsed.data, ...(vapid ? { VAPID: vapid } : {}) };
    cache.set(env, settings);
  }
  return settings;
}

/** The same bindings with some replaced (a request's D1 session); the settings are not read again. */
export function withBindings(env: Env, replaced: Partial<Env>): Env {
  const copy = { ...env, ...replaced };
  cache.set(copy, getSettings(env));
  return copy;
}
