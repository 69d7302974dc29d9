/**
 * A restock sign-up on a website with a captcha site key needs a token the
 * provider accepts (spec sections 5 and 8: 'Complete CAPTCHA before
 * submitting.', 'reCAPTCHA failed. …'), checked against a verification
 * server on loopback that this test starts; the email is checked first.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { Visitor } from './api-helpers.ts';

const tokens: string[] = [];
const verifier = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const form = new URLSearchParams(body);
    tokens.push(form.get('response') ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ success: form.get('secret') === 'captcha-secret' && form.get('response') === 'good' }),
    );
  });
});
await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
t.teardown(() => {
  verifier.closeAllConnections();
  verifier.close();
});
// The app reads its captcha settings from the environment, as bin/start.ts does.
process.env.CAPTCHA_SECRET = 'captcha-secret';
process.env.CAPTCHA_VERIFY_URL = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;

const { app, handle } = await openDemoApp(t);
const PATH = '/api/site-users/account/notifications/restock';
const body = (extra: Record<string, unknown>) => ({
  productId: demoId('product', 'stoneware-mug'),
  variantId: demoId('variant', 'fw-mug-terra'),
  siteVisitorEmail: 'ann@example.com',
  isJoinMailingList: false,
  ...extra,
});
const post = (extra: Record<string, unknown>) => new Visitor(app).request('POST', PATH, body(extra));
const count = async () =>
  Number(
    (
      await handle.db
        .selectFrom('restockSignups')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

t.test('without a site key there is no captcha', async (t) => {
  const response = await post({});
  t.equal(response.statusCode, 200, response.body);
  t.same(tokens, []);
  await handle.db.deleteFrom('restockSignups').execute();
});

t.test('with a site key a sign-up needs a token the provider accepts', async (t) => {
  await handle.db
    .updateTable('websiteSettings')
    .set({ captchaSiteKey: 'site-key-1' })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
  for (const token of [undefined, null, '', '  ']) {
    const missing = await post({ captchaToken: token });
    t.equal(missing.statusCode, 400);
    t.same(missing.json().error, { code: 'captcha-missing', message: 'Complete CAPTCHA before submitting.' });
  }
  const failed = await post({ captchaToken: 'bad' });
  t.equal(failed.statusCode, 400);
  t.same(failed.json().error, {
    code: 'captcha-failed',
    message: 'reCAPTCHA failed. Refresh this page and try again.',
  });
  const blank = await post({ siteVisitorEmail: '', captchaToken: 'good' });
  t.equal(blank.json().error.message, 'Email cannot be blank', 'the email is checked before the captcha');
  t.equal(await count(), 0, 'nothing stored');
  t.same(tokens, ['bad'], 'a missing token, or a sign-up with a blank email, never reaches the provider');

  const ok = await post({ captchaToken: 'good' });
  t.equal(ok.statusCode, 200, ok.body);
  const enterprise = await post({ siteVisitorEmail: 'bo@example.com', recaptchaEnterpriseV3Token: 'good' });
  t.equal(enterprise.statusCode, 200, 'the enterprise token is the other name the spec gives the token');
  t.equal(await count(), 2);
});
