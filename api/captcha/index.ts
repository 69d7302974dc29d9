export {
  CAPTCHA_TIMEOUT_MS,
  type CaptchaConfig,
  captchaConfigFromEnv,
  DEFAULT_CAPTCHA_VERIFY_URL,
} from './captcha-config.ts';
export {
  CAPTCHA_ERROR_CODES,
  type CaptchaErrorListener,
  type CaptchaOutcome,
  type CaptchaVerifier,
  captchaFor,
} from './captcha-verifier.ts';
