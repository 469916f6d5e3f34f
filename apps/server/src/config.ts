import path from 'node:path';
import type { DestinationStream } from 'pino';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { parseVatId, type TierName } from '@plankurier/shared';
import { z } from 'zod';
import { StartupError } from './startup-error.ts';
import type { S3Settings } from './storage/s3.ts';

/** 'per hour/per day', e.g. '50/200'. */
export interface MailLimit {
  perHour: number;
  perDay: number;
}

function mailLimitSchema(name: string, fallback: string) {
  return z
    .string()
    .regex(/^\s*\d+\s*\/\s*\d+\s*$/, { error: `${name} must read 'per hour/per day', e.g. 50/200` })
    .optional()
    .transform((v): MailLimit => {
      const [perHour, perDay] = (v || fallback).split('/').map((n) => Number(n.trim()));
      return { perHour: perHour!, perDay: perDay! };
    });
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: loopback in development and tests (the dev mailbox must not reach the network), every interface in production. */
  HOST: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z.string().optional(),
  /** The OpenAPI pages at /api/docs; unset: on except in production. */
  API_DOCS: z.enum(['on', 'off'], { error: 'API_DOCS must be on or off' }).optional(),
  MAIL_FROM: z.string().optional(),
  STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).default(2048),
  /** Free space on any disk the server writes to below which /api/health reports 'degraded' (room for one largest upload). */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(2048),
  /** Built web app to serve; parallel end-to-end runs point this at their own build. */
  WEB_DIST: z.string().optional(),
  /** How long one delivery mail may take before its job counts as lost (a crashed process) and runs again. */
  DELIVERY_MAIL_TIMEOUT_SECONDS: z.coerce.number().int().min(5).default(300),
  /** Delivery mails each server process sends per minute at most, for relays that limit the rate; 0: no limit. */
  DELIVERY_MAILS_PER_MINUTE: z.coerce.number().int().min(0).default(0),
  /** New accounts one IP address may create per hour (offices and schools behind one address may need more). */
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Requests one IP address may make per minute to the public link routes (recipient, QR, invitation links). */
  PUBLIC_REQUESTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** How often pg-boss looks for such lost jobs (and archives old ones). */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(120),
  /** How long a finished project archive is kept before it and its file are removed. */
  ARCHIVE_TTL_HOURS: z.coerce.number().positive().default(168),
  /** Listener for returned mail; unset: off in production, 2525 in development, a free port in tests. */
  BOUNCE_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BOUNCE_SMTP_HOST: z.string().default('127.0.0.1'),
  /** off: a web process without job workers (they run in `npm run worker` processes beside it). */
  WORKERS: z.enum(['on', 'off'], { error: 'WORKERS must be on or off' }).default('on'),
  /** Shared secret of POST /api/hooks/bounce; unset: the route answers 404. */
  BOUNCE_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** The seller on invoices (§ 14 UStG): the installation's operator. Defaults: a placeholder company. */
  SELLER_COMPANY: z.string().min(1).optional(),
  SELLER_STREET_NAME: z.string().min(1).optional(),
  SELLER_STREET_NUMBER: z.string().optional(),
  SELLER_POSTCODE: z.string().min(1).optional(),
  SELLER_CITY: z.string().min(1).optional(),
  SELLER_EMAIL: z.email().optional(),
  SELLER_VAT_ID: z.string().optional(),
  SELLER_TAX_NUMBER: z.string().optional(),
  SELLER_REGISTER_COURT: z.string().optional(),
  SELLER_REGISTER_NUMBER: z.string().optional(),
  SELLER_MANAGING_DIRECTORS: z.string().optional(),
  SELLER_BANK_NAME: z.string().optional(),
  SELLER_IBAN: z.string().optional(),
  SELLER_BIC: z.string().optional(),
  /** A session unused for this many days ends. */
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
  /** A session ends this many days after its sign-in, used or not. */
  SESSION_MAX_DAYS: z.coerce.number().positive().default(180),
  /** How often every live socket checks its session and rights again (besides the events that change them). */
  SOCKET_RECHECK_SECONDS: z.coerce.number().positive().default(60),
  /** Mails an office of the tier may send to others, 'per hour/per day' (README 'Mail abuse protections'). */
  MAIL_LIMIT_FREE: mailLimitSchema('MAIL_LIMIT_FREE', '50/200'),
  MAIL_LIMIT_P1: mailLimitSchema('MAIL_LIMIT_P1', '500/3000'),
  MAIL_LIMIT_P2: mailLimitSchema('MAIL_LIMIT_P2', '2000/10000'),
  /** Every office's mails together, 'per hour/per day': the installation's relay and reputation. */
  MAIL_LIMIT_INSTALLATION: mailLimitSchema('MAIL_LIMIT_INSTALLATION', '5000/50000'),
  /** How long after a contact's confirmation mail the next one may go to it. */
  CONTACT_CONFIRM_MINUTES: z.coerce.number().min(0).default(60),
  /** Longest one check of an upload (PDF, DWG, DXF), title block or QR stamp may run before its process is killed. */
  FILE_CHECK_SECONDS: z.coerce.number().positive().default(120),
  /** Longest one thumbnail, sheet or drawing scene may take before its process is killed: the file is too complex to preview. */
  PREVIEW_SECONDS: z.coerce.number().positive().default(180),
  /** Memory each file process may take (V8 heap and resident memory) before it is killed. */
  FILE_PROCESS_MEMORY_MB: z.coerce.number().int().min(64).default(2048),
  /** Longest one print (plan list, transmittal, invoice …) may take in the PDF render thread before the thread is ended. */
  PDF_RENDER_SECONDS: z.coerce.number().positive().default(300),
  /** The render thread's V8 heap (old generation): past it the thread ends, its print fails. */
  PDF_RENDER_MEMORY_MB: z.coerce.number().int().min(32).default(1024),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  outboxDir: string;
  smtpUrl: string | undefined;
  /** Whether /api/docs serves the OpenAPI pages (API_DOCS; off in production unless API_DOCS=on). */
  apiDocs: boolean;
  mailFrom: string;
  storage: 'local' | 's3';
  /** The bucket when STORAGE=s3 (S3_*). */
  s3: S3Settings | undefined;
  logLevel: string;
  /** Where the log goes; stdout unless a test reads it. */
  logDestination?: DestinationStream;
  /** Built web app served with history fallback; absent in API-only tests. */
  webDist: string | undefined;
  bodyLimitBytes: number;
  /** Largest file an upload may have (MAX_UPLOAD_MB, default 2 GB). */
  maxUploadBytes: number;
  /** Free space on any disk the server writes to below which /api/health says 'degraded' (MIN_FREE_DISK_MB, default 2 GB). */
  minFreeDiskBytes: number;
  /** A delivery mail's job still active after this long belonged to a dead process and runs again. */
  deliveryMailTimeoutSeconds: number;
  /** Delivery mails per minute and process at most (DELIVERY_MAILS_PER_MINUTE); 0: as fast as the relay takes them. */
  deliveryMailsPerMinute: number;
  /** Sign-ups one IP address may make per hour (SIGNUPS_PER_IP_PER_HOUR, default 30); more answer 429. */
  signUpsPerIpPerHour: number;
  /** Requests per minute and IP address to the public link routes (PUBLIC_REQUESTS_PER_IP_PER_MINUTE, 600); more answer 429. */
  publicRequestsPerIpPerMinute: number;
  /** pg-boss maintenance interval: how soon such lost jobs are noticed. */
  jobMaintenanceSeconds: number;
  /** A finished project archive is removed this long after it was made (ARCHIVE_TTL_HOURS, default 7 days). */
  archiveTtlHours: number;
  /** The clock of billing periods; tests pass a controllable one. */
  now: () => Date;
  /** Plankurier's own address on invoices. */
  seller: SellerAddress;
  /** The SMTP listener for returned mail (bounces); undefined: off. */
  bounceSmtp: { port: number; host: string } | undefined;
  bounceWebhookSecret: string | undefined;
  /** Whether this process runs the job workers (WORKERS, default on); off: jobs wait for a worker process. */
  workers: boolean;
  /** Timeouts of SMTP sends (tests shorten them to see a hanging relay); unset: transport.ts' SMTP_TIMEOUTS. */
  smtpTimeouts?: { connectionMs: number; greetingMs: number; socketMs: number };
  /** How often a relay that cannot be used is logged in to again; unset: transport.ts' RELAY_RECHECK_MS. */
  relayRecheckMs?: number;
  /** When sessions end: unused for `idleDays` (SESSION_IDLE_DAYS, 30) or `maxDays` after sign-in (SESSION_MAX_DAYS, 180). */
  sessions: { idleDays: number; maxDays: number };
  /** Seconds between two checks of every live socket's session and rooms (SOCKET_RECHECK_SECONDS, 60). */
  socketRecheckSeconds: number;
  /**
   * Mails to others per office and tier (MAIL_LIMIT_FREE/_P1/_P2), all offices together
   * (MAIL_LIMIT_INSTALLATION), and the pause between two confirmation mails to one contact.
   */
  mailLimits: {
    tiers: Record<TierName, MailLimit>;
    installation: MailLimit;
    contactValidationCooldownSeconds: number;
  };
  /**
   * Limits of the child processes that read untrusted files: upload checks and QR stamps
   * (FILE_CHECK_SECONDS, 120), thumbnails, sheets and scenes (PREVIEW_SECONDS, 180), each with
   * FILE_PROCESS_MEMORY_MB (2048). A call past its time or memory is killed with its process.
   */
  fileProcesses: { checks: FileProcessLimits; previews: FileProcessLimits };
  /** The pdfmake render thread of prints: PDF_RENDER_SECONDS (300) per print, PDF_RENDER_MEMORY_MB (1024) of heap. */
  pdfRender: FileProcessLimits;
}

/** How long one call in a file process may run and how much memory the process may take. */
export interface FileProcessLimits {
  timeLimitMs: number;
  memoryMb: number;
}

/** The seller an invoice names (§ 14 UStG, § 35a GmbHG): address, tax and register data, bank account. */
export interface SellerAddress {
  company: string;
  name: string;
  streetName: string;
  streetNumber: string;
  cityCode: string;
  cityName: string;
  email: string;
  /** EU VAT ID (USt-IdNr.); its country decides reverse charge for buyers abroad. */
  vatId: string;
  /** The tax office's number (Steuernummer). */
  taxNumber: string;
  registerCourt: string;
  registerNumber: string;
  managingDirectors: string;
  bankName: string;
  /** Electronic form, without spaces. */
  iban: string;
  bic: string;
}

/**
 * A placeholder seller for development and tests (check digits valid, names invented): an
 * installation that bills sets SELLER_* (README 'Plans, limits and invoices').
 */
const PLACEHOLDER_SELLER: SellerAddress = {
  company: 'Plankurier GmbH',
  name: '',
  streetName: 'Friedrichstraße',
  streetNumber: '68',
  cityCode: '10117',
  cityName: 'Berlin',
  email: 'rechnung@plankurier.de',
  vatId: 'DE123456788',
  taxNumber: '37/123/45678',
  registerCourt: 'Amtsgericht Charlottenburg',
  registerNumber: 'HRB 123456 B',
  managingDirectors: 'Anna Beispiel',
  bankName: 'Commerzbank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

/** Good for development only: production refuses it (see refuseLocalMailDomain). */
const DEFAULT_MAIL_FROM = 'Plankurier <noreply@plankurier.local>';

/** The bare address of MAIL_FROM ('Name <a@b>' or 'a@b'). */
export const mailFromAddress = (mailFrom: string) => (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();

/** The only reader of process.env: everything else receives a Config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw new StartupError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const parsed = result.data;
  const mailFrom = parsed.MAIL_FROM || DEFAULT_MAIL_FROM;
  if (parsed.NODE_ENV === 'production') {
    refuseLocalMailDomain(mailFrom);
    requireRelay(parsed.SMTP_URL);
  }
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST || DEFAULT_HOST[parsed.NODE_ENV],
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    databaseUrl: parsed.DATABASE_URL || undefined,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    smtpUrl: parsed.SMTP_URL || undefined,
    apiDocs: parsed.API_DOCS ? parsed.API_DOCS === 'on' : parsed.NODE_ENV !== 'production',
    mailFrom,
    storage: parsed.STORAGE,
    s3: s3SettingsOf(parsed),
    logLevel: parsed.LOG_LEVEL,
    webDist: path.resolve(parsed.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist')),
    bodyLimitBytes: 1024 * 1024,
    maxUploadBytes: parsed.MAX_UPLOAD_MB * 1024 * 1024,
    minFreeDiskBytes: parsed.MIN_FREE_DISK_MB * 1024 * 1024,
    archiveTtlHours: parsed.ARCHIVE_TTL_HOURS,
    now: () => new Date(),
    seller: sellerOf(parsed),
    deliveryMailTimeoutSeconds: parsed.DELIVERY_MAIL_TIMEOUT_SECONDS,
    deliveryMailsPerMinute: parsed.DELIVERY_MAILS_PER_MINUTE,
    signUpsPerIpPerHour: parsed.SIGNUPS_PER_IP_PER_HOUR,
    publicRequestsPerIpPerMinute: parsed.PUBLIC_REQUESTS_PER_IP_PER_MINUTE,
    jobMaintenanceSeconds: parsed.JOB_MAINTENANCE_SECONDS,
    bounceSmtp: bounceSmtpOf(parsed),
    bounceWebhookSecret: parsed.BOUNCE_WEBHOOK_SECRET || undefined,
    workers: parsed.WORKERS === 'on',
    sessions: sessionsOf(parsed),
    socketRecheckSeconds: parsed.SOCKET_RECHECK_SECONDS,
    mailLimits: {
      tiers: { FREE: parsed.MAIL_LIMIT_FREE, P1: parsed.MAIL_LIMIT_P1, P2: parsed.MAIL_LIMIT_P2 },
      installation: parsed.MAIL_LIMIT_INSTALLATION,
      contactValidationCooldownSeconds: parsed.CONTACT_CONFIRM_MINUTES * 60,
    },
    fileProcesses: {
      checks: { timeLimitMs: parsed.FILE_CHECK_SECONDS * 1000, memoryMb: parsed.FILE_PROCESS_MEMORY_MB },
      previews: { timeLimitMs: parsed.PREVIEW_SECONDS * 1000, memoryMb: parsed.FILE_PROCESS_MEMORY_MB },
    },
    pdfRender: { timeLimitMs: parsed.PDF_RENDER_SECONDS * 1000, memoryMb: parsed.PDF_RENDER_MEMORY_MB },
    ...overrides,
  };
}

/** SELLER_* over the placeholder; a VAT ID, IBAN or BIC that cannot be right refuses to start. */
function sellerOf(parsed: z.infer<typeof EnvSchema>): SellerAddress {
  const given = (value: string | undefined, fallback: string) => (value === undefined ? fallback : value.trim());
  const p = PLACEHOLDER_SELLER;
  const vatId = given(parsed.SELLER_VAT_ID, p.vatId);
  const iban = electronicFormatIBAN(given(parsed.SELLER_IBAN, p.iban)) ?? '';
  const bic = given(parsed.SELLER_BIC, p.bic).replace(/\s/g, '').toUpperCase();
  const taxNumber = given(parsed.SELLER_TAX_NUMBER, p.taxNumber);
  const parsedVatId = vatId ? parseVatId(vatId) : null;
  if (vatId && !parsedVatId) throw new StartupError(`SELLER_VAT_ID "${vatId}" is no valid EU VAT ID`);
  if (!parsedVatId && !taxNumber)
    throw new StartupError("invoices need the seller's SELLER_VAT_ID or SELLER_TAX_NUMBER (§ 14 UStG)");
  if (!isValidIBAN(iban)) throw new StartupError(`SELLER_IBAN "${parsed.SELLER_IBAN ?? ''}" is no valid IBAN`);
  if (bic && !isValidBIC(bic)) throw new StartupError(`SELLER_BIC "${bic}" is no valid BIC`);
  return {
    company: given(parsed.SELLER_COMPANY, p.company),
    name: '',
    streetName: given(parsed.SELLER_STREET_NAME, p.streetName),
    streetNumber: given(parsed.SELLER_STREET_NUMBER, p.streetNumber),
    cityCode: given(parsed.SELLER_POSTCODE, p.cityCode),
    cityName: given(parsed.SELLER_CITY, p.cityName),
    email: given(parsed.SELLER_EMAIL, p.email),
    vatId: parsedVatId?.vatId ?? '',
    taxNumber,
    registerCourt: given(parsed.SELLER_REGISTER_COURT, p.registerCourt),
    registerNumber: given(parsed.SELLER_REGISTER_NUMBER, p.registerNumber),
    managingDirectors: given(parsed.SELLER_MANAGING_DIRECTORS, p.managingDirectors),
    bankName: given(parsed.SELLER_BANK_NAME, p.bankName),
    iban,
    bic,
  };
}

/** An idle timeout longer than the lifetime would never apply: refused rather than quietly ignored. */
function sessionsOf(parsed: z.infer<typeof EnvSchema>): Config['sessions'] {
  if (parsed.SESSION_IDLE_DAYS > parsed.SESSION_MAX_DAYS) {
    throw new StartupError(
      `SESSION_IDLE_DAYS (${parsed.SESSION_IDLE_DAYS}) is longer than SESSION_MAX_DAYS (${parsed.SESSION_MAX_DAYS}): a session ends after SESSION_MAX_DAYS anyway`,
    );
  }
  return { idleDays: parsed.SESSION_IDLE_DAYS, maxDays: parsed.SESSION_MAX_DAYS };
}

/** STORAGE=s3 needs a bucket; S3_* without STORAGE=s3 is a mistake worth refusing too. */
function s3SettingsOf(parsed: z.infer<typeof EnvSchema>): S3Settings | undefined {
  if (parsed.STORAGE !== 's3') {
    if (parsed.S3_BUCKET) throw new StartupError('S3_BUCKET is set but STORAGE is not s3: set STORAGE=s3 to use it');
    return undefined;
  }
  if (!parsed.S3_BUCKET)
    throw new StartupError('STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for stores other than AWS S3)');
  if (Boolean(parsed.S3_ACCESS_KEY_ID) !== Boolean(parsed.S3_SECRET_ACCESS_KEY)) {
    throw new StartupError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    endpoint: parsed.S3_ENDPOINT,
    region: parsed.S3_REGION,
    bucket: parsed.S3_BUCKET,
    accessKeyId: parsed.S3_ACCESS_KEY_ID,
    secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
  };
}

/**
 * `.local` names hosts on this network only (mDNS): mail from such an address is refused or lands in
 * spam at every provider, and replies cannot reach it. Production mail needs the office's domain.
 */
function refuseLocalMailDomain(mailFrom: string) {
  const domain = mailFromAddress(mailFrom).split('@').pop()?.toLowerCase() ?? '';
  if (domain === 'local' || domain.endsWith('.local')) {
    throw new StartupError(
      `MAIL_FROM "${mailFrom}" is under .local, which no mail provider accepts: set MAIL_FROM to an address of your domain, e.g. MAIL_FROM="Plankurier <noreply@example.org>"`,
    );
  }
}

/** Production has no outbox: without a relay every mail (links, resets) would vanish into DATA_DIR. */
function requireRelay(smtpUrl: string | undefined) {
  if (!smtpUrl) {
    throw new StartupError(
      'production sends mail through a relay, but SMTP_URL is not set: set it, e.g. SMTP_URL=smtp://user:pass@mail.example.org:587',
    );
  }
}

/**
 * `npm start` runs in development: it serves the mailbox of every mail sent, password resets
 * included, so it listens on this machine only until HOST says otherwise. A production server
 * (NODE_ENV=production) has nothing of development and serves the network.
 */
const DEFAULT_HOST = { development: 'localhost', test: 'localhost', production: '0.0.0.0' } as const;

const DEFAULT_BOUNCE_PORT = { development: 2525, test: 0, production: undefined } as const;

/** Production listens for returned mail only when told to; development and tests always do. */
function bounceSmtpOf(parsed: z.infer<typeof EnvSchema>): Config['bounceSmtp'] {
  const port = parsed.BOUNCE_SMTP_PORT ?? DEFAULT_BOUNCE_PORT[parsed.NODE_ENV];
  return port === undefined ? undefined : { port, host: parsed.BOUNCE_SMTP_HOST };
}
