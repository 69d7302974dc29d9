import { z } from 'zod';

/** Used when MAIL_FROM is unset; an SMTP server will want an address it may send for. */
export const DEFAULT_MAIL_FROM = 'Sitebuilder <no-reply@localhost>';

const envSchema = z.object({
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^smtps?:\/\/[^/]/.test(value), 'must be smtp://… or smtps://…'),
  MAIL_FROM: z.string().trim().optional(),
});

export interface MailConfig {
  /** smtp:// or smtps:// with the user and password in it; without one mail stays in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every message. */
  from: string;
}

/** Reads SMTP_URL and MAIL_FROM; a malformed SMTP_URL stops start-up with its name. */
export function mailConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad environment: ${problems.join('; ')}`);
  }
  return { smtpUrl: parsed.data.SMTP_URL || undefined, from: parsed.data.MAIL_FROM || DEFAULT_MAIL_FROM };
}
