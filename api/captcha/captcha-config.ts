import { z } from 'zod';

/** reCAPTCHA's; hCaptcha (https://api.hcaptcha.com/siteverify) and Turnstile answer the same form. */
export const DEFAULT_CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** A verify server slower than this fails the check rather than hold the visitor's request. */
export const CAPTCHA_TIMEOUT_MS = 5000;

const envSchema = z.object({
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/**
 * The server side of the captcha: the secret of the captcha account that
 * issued the websites' site keys, and where tokens are checked. They come
 * from the environment, not from website settings, because settings are read
 * into page contexts (`?format=json` shows `captchaSettings`) and a secret
 * must never be one field away from that.
 */
export interface CaptchaConfig {
  secret: string | undefined;
  verifyUrl: string;
  timeoutMs: number;
}

/** Reads CAPTCHA_SECRET and CAPTCHA_VERIFY_URL; a malformed URL stops start-up with its name. */
export function captchaConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CaptchaConfig {
  const parsed = envSchema.safeParse({
    CAPTCHA_SECRET: env.CAPTCHA_SECRET || undefined,
    CAPTCHA_VERIFY_URL: env.CAPTCHA_VERIFY_URL || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad environment: ${problems.join('; ')}`);
  }
  return {
    secret: parsed.data.CAPTCHA_SECRET,
    verifyUrl: parsed.data.CAPTCHA_VERIFY_URL ?? DEFAULT_CAPTCHA_VERIFY_URL,
    timeoutMs: CAPTCHA_TIMEOUT_MS,
  };
}
