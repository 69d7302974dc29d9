import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { ApiError } from '../../api/api-errors.ts';
import {
  CAPTCHA_PROVIDERS,
  type CaptchaConfig,
  captchaConfigFromEnv,
  DEFAULT_CAPTCHA_VERIFY_URL,
} from '../../api/captcha/captcha-config.ts';
import { CAPTCHA_ERROR_CODES, captchaFor } from '../../api/captcha/captcha-verifier.ts';

interface Posted {
  method: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A verification server on loopback that records each post and answers with `answer`. */
async function startVerifyServer(
  t: Test,
  answer: (res: ServerResponse, form: Record<string, string>) => void,
): Promise<{ url: string; posted: Posted[] }> {
  const posted: Posted[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      posted.push({ method: req.method, contentType: req.headers['content-type'], form });
      answer(res, form);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, posted };
}

const json =
  (body: unknown, status = 200) =>
  (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

const config = (verifyUrl: string, overrides: Partial<CaptchaConfig> = {}): CaptchaConfig => ({
  secret: 'test-secret',
  verifyUrl,
  timeoutMs: 300,
  scriptUrl: 'http://127.0.0.1:1/api.js',
  browserGlobal: 'grecaptcha',
  pageSources: ['http://127.0.0.1:1'],
  ...overrides,
});

const SITE = { captchaSiteKey: 'site-key-1' };

t.test('a website without a site key has no captcha', async (t) => {
  t.equal(captchaFor({ captchaSiteKey: null }, config('http://127.0.0.1:1/')), undefined);
  t.equal(captchaFor({ captchaSiteKey: '  ' }, config('http://127.0.0.1:1/')), undefined);
  t.equal(captchaFor({}, config('http://127.0.0.1:1/')), undefined);
  t.equal(captchaFor(SITE, config('http://127.0.0.1:1/'))?.siteKey, 'site-key-1');
});

t.test('an accepted token is ok; the secret, the token and the address are posted as a form', async (t) => {
  const server = await startVerifyServer(t, json({ success: true, hostname: 'example.test' }));
  const captcha = captchaFor(SITE, config(server.url))!;
  t.equal(await captcha.verify('token-abc', '203.0.113.9'), 'ok');
  t.same(server.posted, [
    {
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
      form: { secret: 'test-secret', response: 'token-abc', remoteip: '203.0.113.9' },
    },
  ]);
  t.equal(await captcha.verify('token-def'), 'ok');
  t.same(server.posted[1]?.form, { secret: 'test-secret', response: 'token-def' }, 'no remoteip when unknown');
});

t.test('a refused token is failed', async (t) => {
  const server = await startVerifyServer(t, json({ success: false, 'error-codes': ['invalid-input-response'] }));
  t.equal(await captchaFor(SITE, config(server.url))!.verify('bad-token', '203.0.113.9'), 'failed');
  t.equal(server.posted.length, 1);
});

t.test('no token is missing, and the provider is not asked', async (t) => {
  const server = await startVerifyServer(t, json({ success: true }));
  const captcha = captchaFor(SITE, config(server.url))!;
  for (const token of [undefined, null, '', '   ']) t.equal(await captcha.verify(token), 'missing', String(token));
  t.equal(server.posted.length, 0);
});

t.test('an answer that is not a verdict is failed', async (t) => {
  const answers: Array<[string, (res: ServerResponse) => void]> = [
    ['server error', json({ success: true }, 500)],
    ['not JSON', (res) => res.end('<html>oops</html>')],
    ['no boolean success', json({ success: 'true' })],
    ['not an object', json([true])],
  ];
  for (const [name, answer] of answers) {
    const server = await startVerifyServer(t, answer);
    const reasons: string[] = [];
    const outcome = await captchaFor(SITE, config(server.url), (reason) => reasons.push(reason))!.verify('token');
    t.equal(outcome, 'failed', name);
    t.equal(reasons.length, 1, `${name}: logged`);
  }
});

t.test('a verify server that never answers is failed within the timeout', async (t) => {
  const server = await startVerifyServer(t, () => {});
  const started = Date.now();
  t.equal(await captchaFor(SITE, config(server.url, { timeoutMs: 200 }))!.verify('token'), 'failed');
  const elapsed = Date.now() - started;
  t.ok(elapsed < 2000, `gave up after ${elapsed} ms`);
});

t.test('a verify server that is down is failed', async (t) => {
  // A port that was free a moment ago: connections to it are refused.
  const down = createServer();
  await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
  const { port } = down.address() as AddressInfo;
  await new Promise((resolve) => down.close(resolve));
  const reasons: string[] = [];
  const captcha = captchaFor(SITE, config(`http://127.0.0.1:${port}/siteverify`), (reason) => reasons.push(reason))!;
  t.equal(await captcha.verify('token'), 'failed');
  t.match(reasons, [/ECONNREFUSED/]);
});

t.test('a site key without a secret fails every check without asking anyone', async (t) => {
  const server = await startVerifyServer(t, json({ success: true }));
  const reasons: string[] = [];
  const captcha = captchaFor(SITE, config(server.url, { secret: undefined }), (reason) => reasons.push(reason))!;
  t.equal(await captcha.verify('token'), 'failed');
  t.equal(await captcha.verify(''), 'missing');
  t.equal(server.posted.length, 0);
  t.match(reasons, [/CAPTCHA_SECRET/]);
});

t.test('captcha settings from the environment', async (t) => {
  t.same(captchaConfigFromEnv({}), {
    secret: undefined,
    verifyUrl: DEFAULT_CAPTCHA_VERIFY_URL,
    timeoutMs: 5000,
    scriptUrl: 'https://www.google.com/recaptcha/api.js?render=explicit',
    browserGlobal: 'grecaptcha',
    pageSources: CAPTCHA_PROVIDERS.recaptcha.pageSources,
  });
  t.equal(DEFAULT_CAPTCHA_VERIFY_URL, 'https://www.google.com/recaptcha/api/siteverify');
  t.same(captchaConfigFromEnv({ CAPTCHA_SECRET: 's', CAPTCHA_VERIFY_URL: 'https://challenges.example/siteverify' }), {
    secret: 's',
    verifyUrl: 'https://challenges.example/siteverify',
    timeoutMs: 5000,
    scriptUrl: 'https://www.google.com/recaptcha/api.js?render=explicit',
    browserGlobal: 'grecaptcha',
    pageSources: CAPTCHA_PROVIDERS.recaptcha.pageSources,
  });
  t.match(captchaConfigFromEnv({ CAPTCHA_PROVIDER: 'turnstile' }), {
    verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    browserGlobal: 'turnstile',
  });
  t.match(captchaConfigFromEnv({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9/api.js' }), {
    verifyUrl: 'https://api.hcaptcha.com/siteverify',
    scriptUrl: 'http://127.0.0.1:9/api.js',
    browserGlobal: 'hcaptcha',
    pageSources: ['http://127.0.0.1:9'],
  });
  t.throws(() => captchaConfigFromEnv({ CAPTCHA_VERIFY_URL: 'not a url' }), /CAPTCHA_VERIFY_URL/);
  t.throws(() => captchaConfigFromEnv({ CAPTCHA_PROVIDER: 'friendly' }), /CAPTCHA_PROVIDER/);
});

t.test("the outcomes' API errors carry the spec's words", async (t) => {
  const missing = new ApiError(CAPTCHA_ERROR_CODES.missing);
  t.equal(missing.statusCode, 400);
  t.equal(missing.message, 'Complete CAPTCHA before submitting.');
  const failed = new ApiError(CAPTCHA_ERROR_CODES.failed);
  t.equal(failed.statusCode, 400);
  t.equal(failed.message, 'reCAPTCHA failed. Refresh this page and try again.');
});
