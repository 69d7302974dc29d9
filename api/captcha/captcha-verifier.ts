import { request } from 'undici';
import { z } from 'zod';
import type { ApiErrorCode } from '../api-errors.ts';
import type { CaptchaConfig } from './captcha-config.ts';

/** 'missing': no token was sent; 'failed': the provider said no, or could not be asked. */
export type CaptchaOutcome = 'ok' | 'missing' | 'failed';

/** The API error a caller answers with for each outcome that is not 'ok'. */
export const CAPTCHA_ERROR_CODES = {
  missing: 'captcha-missing',
  failed: 'captcha-failed',
} as const satisfies Record<Exclude<CaptchaOutcome, 'ok'>, ApiErrorCode>;

export interface CaptchaVerifier {
  /** The site key the page's widget uses. */
  readonly siteKey: string;
  /** Checks a visitor's token with the provider. Never throws and never takes longer than the config's timeout. */
  verify(token: string | null | undefined, remoteIp?: string): Promise<CaptchaOutcome>;
}

/** Told why a check failed for a reason other than the provider's no (for the server log). */
export type CaptchaErrorListener = (reason: string) => void;

/** Providers' tokens are a few kilobytes at most; anything longer is not one. */
const MAX_TOKEN_LENGTH = 8192;
/** The answer is a small JSON object; a larger one is not read. */
const MAX_ANSWER_BYTES = 64 * 1024;

const answerSchema = z.object({ success: z.boolean() });

/**
 * The captcha of a website, or undefined when it has none: a website has one
 * when its settings hold a site key (spec section 8: "The captcha is required
 * only when a site key exists"). A site key without a configured secret fails
 * every check: the owner turned the captcha on, and letting every request
 * through unchecked would hide that it cannot work.
 */
export function captchaFor(
  settings: { captchaSiteKey?: string | null },
  config: CaptchaConfig,
  onError?: CaptchaErrorListener,
): CaptchaVerifier | undefined {
  const siteKey = settings.captchaSiteKey?.trim();
  if (!siteKey) return undefined;
  return {
    siteKey,
    async verify(token, remoteIp) {
      if (typeof token !== 'string' || token.trim() === '') return 'missing';
      if (token.length > MAX_TOKEN_LENGTH) return 'failed';
      if (!config.secret) {
        onError?.('CAPTCHA_SECRET is not set, so no captcha token can be checked');
        return 'failed';
      }
      try {
        return (await askProvider(config, config.secret, token, remoteIp)) ? 'ok' : 'failed';
      } catch (error) {
        onError?.(`captcha verification failed: ${error instanceof Error ? error.message : String(error)}`);
        return 'failed';
      }
    },
  };
}

/**
 * POSTs the form reCAPTCHA, hCaptcha and Turnstile all read (secret,
 * response, remoteip) and reads their shared `{ success }`. One signal bounds
 * the whole exchange, connecting and reading the answer included.
 */
async function askProvider(
  config: CaptchaConfig,
  secret: string,
  token: string,
  remoteIp: string | undefined,
): Promise<boolean> {
  const form = new URLSearchParams({ secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  const signal = AbortSignal.timeout(config.timeoutMs);
  const response = await request(config.verifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
    signal,
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`verify server answered ${response.statusCode}`);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += (chunk as Buffer).length;
    if (bytes > MAX_ANSWER_BYTES) {
      response.body.destroy();
      throw new Error('verify server answer too large');
    }
    chunks.push(chunk as Buffer);
  }
  const answer = answerSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  if (!answer.success) throw new Error('verify server answer has no boolean success');
  return answer.data.success;
}
