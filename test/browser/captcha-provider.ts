/**
 * A captcha provider on loopback for browser tests: the explicit-render
 * browser script that reCAPTCHA, hCaptcha and Turnstile share (render,
 * getResponse, reset, remove), drawing a checkbox, and a siteverify
 * endpoint that accepts the tokens it hands out, for the configured secret
 * only. The product's own widget module and verifier talk to it as they
 * would to the real service.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CaptchaConfig } from '../../api/captcha/index.ts';

export const CAPTCHA_SECRET = 'loopback-captcha-secret';
export const CAPTCHA_CHECKBOX_LABEL = "I'm not a robot";
const GLOBAL = 'loopbackcaptcha';

// The browser side, as the provider would serve it.
const SCRIPT = `(() => {
  const widgets = [];
  window.${GLOBAL} = {
    render(container, params) {
      const id = widgets.length;
      const label = document.createElement('label');
      label.className = 'loopback-captcha';
      const box = document.createElement('input');
      box.type = 'checkbox';
      label.append(box, ${JSON.stringify(CAPTCHA_CHECKBOX_LABEL)});
      const widget = { box, token: '' };
      box.addEventListener('change', () => {
        widget.token = box.checked ? 'pass.' + params.sitekey + '.' + id + '.' + Date.now() : '';
        if (widget.token && params.callback) params.callback(widget.token);
      });
      widgets.push(widget);
      container.append(label);
      return id;
    },
    getResponse(id) { return widgets[id] ? widgets[id].token : ''; },
    reset(id) { if (widgets[id]) { widgets[id].token = ''; widgets[id].box.checked = false; } },
    remove(id) { widgets[id] = undefined; },
  };
})();`;

export interface CaptchaProvider {
  config: CaptchaConfig;
  /** Every token the site's server asked about, and the answer. */
  verified: Array<{ token: string; success: boolean }>;
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

export async function startCaptchaProvider(t: Teardown): Promise<CaptchaProvider> {
  const verified: CaptchaProvider['verified'] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/api.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(SCRIPT);
      return;
    }
    if (request.method === 'POST' && request.url === '/siteverify') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const token = form.get('response') ?? '';
        const success = form.get('secret') === CAPTCHA_SECRET && token.startsWith('pass.');
        verified.push({ token, success });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
      });
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    verified,
    config: {
      secret: CAPTCHA_SECRET,
      verifyUrl: `${origin}/siteverify`,
      timeoutMs: 5000,
      scriptUrl: `${origin}/api.js`,
      browserGlobal: GLOBAL,
      pageSources: [origin],
    },
  };
}
