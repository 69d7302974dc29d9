import path from 'node:path';
import { z } from 'zod';
import { type CaptchaConfig, captchaConfigFromEnv } from '../api/captcha/captcha-config.ts';
import { type DatabaseConfig, databaseConfigFromEnv } from '../api/db/open-database.ts';
import { type MailConfig, mailConfigFromEnv } from '../api/mail/mail-config.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  NODE_ENV: z.string().default('production'),
  TEMPLATE_DIR: z.string().optional(),
  TEMPLATES_ROOT: z.string().optional(),
  SECRET: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('sitebuilder:'),
  TRUST_PROXY: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
});

export interface ServerConfig {
  port: number;
  host: string;
  /** Development: template files are watched and errors are shown in the page. */
  development: boolean;
  /** Serve this template package for every website, whatever their settings say. */
  templateDir: string | undefined;
  /** Folder holding the template packages that websites name in their settings. */
  templatesRoot: string;
  logLevel: string;
  database: DatabaseConfig;
  /** SECRET, when set; otherwise the server keeps its own in dataDir (server-secret.ts). */
  secret: string | undefined;
  dataDir: string;
  /** Rate limits and form outcomes shared by every process; absent, each process keeps its own in memory. */
  redisUrl: string | undefined;
  /** Keeps this installation's keys apart from others' on the same Redis server. */
  redisKeyPrefix: string;
  /**
   * The proxies whose X-Forwarded-For and -Proto are believed: 'true' for any,
   * or addresses and CIDR ranges separated by commas ('127.0.0.1,10.0.0.0/8').
   */
  trustProxy: boolean | string;
  /** SMTP_URL and MAIL_FROM: without an SMTP URL mail stays in the outbox (`npm run mail`). */
  mail: MailConfig;
  /** CAPTCHA_SECRET and CAPTCHA_VERIFY_URL, for websites whose settings hold a captcha site key. */
  captcha: CaptchaConfig;
  /** Server processes on one port (node:cluster); above 1, every piece of state must be shared. */
  workers: number;
}

/** Reads the server's settings from the environment; a bad value stops start-up with its name. */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !env.DATABASE_URL) {
    throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');
  }
  if (e.WORKERS > 1 && !e.REDIS_URL) {
    throw new Error('WORKERS above 1 needs REDIS_URL: rate limits and form outcomes must be shared by the processes');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    development: e.NODE_ENV === 'development',
    templateDir: e.TEMPLATE_DIR ? path.resolve(e.TEMPLATE_DIR) : undefined,
    templatesRoot: path.resolve(e.TEMPLATES_ROOT ?? 'templates'),
    logLevel: e.LOG_LEVEL,
    // A server's page cache keys on content versions it hears of rather than asks for.
    database: { ...databaseConfigFromEnv(env), listenForChanges: true },
    secret: e.SECRET || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY === 'true' ? true : !e.TRUST_PROXY || e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    dataDir: e.DATA_DIR,
    mail: mailConfigFromEnv(env),
    captcha: captchaConfigFromEnv(env),
    workers: e.WORKERS,
  };
}

/** Where the started server can be opened, for the line `npm start` prints. */
export function siteAddress(config: Pick<ServerConfig, 'host'>, port: number): string {
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  return `http://${host}:${port}/`;
}
