/**
 * SaveFormSubmission on a website with a captcha site key: a form that asks
 * for a captcha needs a token the provider accepts (spec sections 5 and 8),
 * checked against a verification server on loopback that this test starts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { DEMO_WEBSITE_ID, formFieldId, formId } from '../../api/seed/demo-ids.ts';
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
await handle.db
  .updateTable('websiteSettings')
  .set({ captchaSiteKey: 'site-key-1' })
  .where('websiteId', '=', DEMO_WEBSITE_ID)
  .execute();
await handle.db.updateTable('forms').set({ captchaEnabled: true }).where('id', '=', formId('newsletter')).execute();

const SAVE_PATH = '/api/form/SaveFormSubmission';
const answers = JSON.stringify({ [formFieldId('newsletter', 'email')]: 'reader@example.com' });

async function save(visitor: Visitor, captchaKey?: string) {
  const key = (await visitor.request('POST', '/api/form/FormSubmissionKey', '')).json().data.key;
  return visitor.request('POST', SAVE_PATH, { key, formId: formId('newsletter'), form: answers, captchaKey });
}

const count = async () =>
  Number(
    (
      await handle.db
        .selectFrom('formSubmissions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

t.test('a form with a captcha needs a token the provider accepts', async (t) => {
  const visitor = new Visitor(app);
  const before = await count();
  const missing = await save(visitor);
  t.equal(missing.statusCode, 400);
  t.same(missing.json().error, { code: 'captcha-missing', message: 'Complete CAPTCHA before submitting.' });
  const failed = await save(visitor, 'bad');
  t.equal(failed.statusCode, 400);
  t.same(failed.json().error, {
    code: 'captcha-failed',
    message: 'reCAPTCHA failed. Refresh this page and try again.',
  });
  t.equal(await count(), before, 'nothing stored');
  const ok = await save(visitor, 'good');
  t.equal(ok.statusCode, 200);
  t.equal(await count(), before + 1);
  t.same(tokens, ['bad', 'good'], 'a missing token never reaches the provider');
});

t.test('a form that asks for no captcha needs no token', async (t) => {
  const visitor = new Visitor(app);
  const key = (await visitor.request('POST', '/api/form/FormSubmissionKey', '')).json().data.key;
  const contactAnswers = {
    [formFieldId('contact', 'name')]: ['Ann', 'Lee'],
    [formFieldId('contact', 'email')]: 'ann@example.com',
    [formFieldId('contact', 'topic')]: 'An order',
    [formFieldId('contact', 'message')]: 'Hello',
  };
  const saved = await visitor.request('POST', SAVE_PATH, {
    key,
    formId: formId('contact'),
    form: JSON.stringify(contactAnswers),
  });
  t.equal(saved.statusCode, 200);
});
