import path from 'node:path';
import { z } from 'zod';
import { type DatabaseConfig, databaseConfigFromEnv } from '../api/db/open-database.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  NODE_ENV: z.string().default('production'),
  TEMPLATE_DIR: z.string().optional(),
  TEMPLATES_ROOT: z.string().optional(),
  SECRET: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
}

/** Reads the server's settings from the environment; a bad value stops start-up with its name. */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    development: e.NODE_ENV === 'development',
    templateDir: e.TEMPLATE_DIR ? path.resolve(e.TEMPLATE_DIR) : undefined,
    templatesRoot: path.resolve(e.TEMPLATES_ROOT ?? 'templates'),
    logLevel: e.LOG_LEVEL,
    database: databaseConfigFromEnv(env),
    secret: e.SECRET || undefined,
    dataDir: e.DATA_DIR,
  };
}
