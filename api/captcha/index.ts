export {
  CAPTCHA_PROVIDERS,
  CAPTCHA_TIMEOUT_MS,
  type CaptchaConfig,
  type CaptchaProvider,
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
