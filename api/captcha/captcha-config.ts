import { z } from 'zod';

/**
 * The captcha services a site can use. Their browser scripts share one
 * explicit-render API (render, getResponse, reset) under different globals,
 * and their siteverify endpoints take the same form, so one widget module
 * (hydrate/captcha/captcha-widget.ts) and one verifier serve all three.
 */
export const CAPTCHA_PROVIDERS = {
  recaptcha: {
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    scriptUrl: 'https://www.google.com/recaptcha/api.js?render=explicit',
    browserGlobal: 'grecaptcha',
    // The script loads more from gstatic and draws the challenge in frames from google.com.
    pageSources: [
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ],
  },
  hcaptcha: {
    verifyUrl: 'https://api.hcaptcha.com/siteverify',
    scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
    browserGlobal: 'hcaptcha',
    pageSources: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  turnstile: {
    verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    browserGlobal: 'turnstile',
    pageSources: ['https://challenges.cloudflare.com'],
  },
} as const;

export type CaptchaProvider = keyof typeof CAPTCHA_PROVIDERS;

/** reCAPTCHA's; hCaptcha's and Turnstile's answer the same form. */
export const DEFAULT_CAPTCHA_VERIFY_URL = CAPTCHA_PROVIDERS.recaptcha.verifyUrl;

/** A verify server slower than this fails the check rather than hold the visitor's request. */
export const CAPTCHA_TIMEOUT_MS = 5000;

const httpUrl = z.url({ protocol: /^https?$/ });
const envSchema = z.object({
  CAPTCHA_PROVIDER: z.enum(Object.keys(CAPTCHA_PROVIDERS) as [CaptchaProvider, ...CaptchaProvider[]]).optional(),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_VERIFY_URL: httpUrl.optional(),
  CAPTCHA_SCRIPT_URL: httpUrl.optional(),
});

/**
 * The captcha: the secret of the captcha account that issued the websites'
 * site keys, where tokens are checked, and the script pages load for the
 * widget. They come from the environment, not from website settings,
 * because settings are read into page contexts (`?format=json` shows
 * `captchaSettings`) and a secret must never be one field away from that.
 */
export interface CaptchaConfig {
  secret: string | undefined;
  verifyUrl: string;
  timeoutMs: number;
  /** The provider's browser script, loaded by pages whose website has a site key. */
  scriptUrl: string;
  /** The global the script defines (grecaptcha, hcaptcha, turnstile). */
  browserGlobal: string;
  /** What the pages' Content-Security-Policy lets the widget load: scripts, frames, styles, calls. */
  pageSources: readonly string[];
}

/**
 * Reads CAPTCHA_PROVIDER (recaptcha, hcaptcha or turnstile; default
 * recaptcha), CAPTCHA_SECRET, and CAPTCHA_VERIFY_URL and CAPTCHA_SCRIPT_URL
 * where they differ from the provider's; a malformed value stops start-up
 * with its name.
 */
export function captchaConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CaptchaConfig {
  const parsed = envSchema.safeParse({
    CAPTCHA_PROVIDER: env.CAPTCHA_PROVIDER || undefined,
    CAPTCHA_SECRET: env.CAPTCHA_SECRET || undefined,
    CAPTCHA_VERIFY_URL: env.CAPTCHA_VERIFY_URL || undefined,
    CAPTCHA_SCRIPT_URL: env.CAPTCHA_SCRIPT_URL || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad environment: ${problems.join('; ')}`);
  }
  const provider = CAPTCHA_PROVIDERS[parsed.data.CAPTCHA_PROVIDER ?? 'recaptcha'];
  return {
    secret: parsed.data.CAPTCHA_SECRET,
    verifyUrl: parsed.data.CAPTCHA_VERIFY_URL ?? provider.verifyUrl,
    timeoutMs: CAPTCHA_TIMEOUT_MS,
    scriptUrl: parsed.data.CAPTCHA_SCRIPT_URL ?? provider.scriptUrl,
    browserGlobal: provider.browserGlobal,
    pageSources: parsed.data.CAPTCHA_SCRIPT_URL
      ? [new URL(parsed.data.CAPTCHA_SCRIPT_URL).origin]
      : provider.pageSources,
  };
}
