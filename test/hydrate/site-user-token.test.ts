import t from 'tap';
import { signIn, signOut, signUp } from '../../hydrate/account/site-user-calls.ts';
import { apiRequest, ClientApiError } from '../../hydrate/api-client.ts';
import { submitForm } from '../../hydrate/site-form/submit-form.ts';
import { createDomEnv } from './dom-env.ts';

type Tap = { teardown(fn: () => unknown): void };

const info = (siteUserId: string | null, authenticated = true) =>
  `SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated, siteUserId }))}`;
const xsrf = (headers: Record<string, string>) => headers['X-SiteUser-XSRF-Token'];

async function setup(t: Tap) {
  const env = await createDomEnv('');
  t.teardown(() => env.close());
  env.window.localStorage.clear();
  return env;
}

t.test('a signed-in user writes with the token sign-in answered; reads and visitors send none', async (t) => {
  const env = await setup(t);
  env.document.cookie = info('user-1');
  env.replies.push({ status: 200, body: { xsrfToken: 'token-1' } });
  await signIn('a@example.com', 'secret-pass', true);
  t.same(env.calls[0]!.body, { email: 'a@example.com', password: 'secret-pass', rememberMe: true });
  t.equal(xsrf(env.calls[0]!.headers), undefined, 'the sign-in itself needs none');

  await apiRequest('/api/commerce/shopping-cart/entries', { method: 'POST', body: {} });
  t.equal(xsrf(env.calls[1]!.headers), 'token-1');
  t.equal(env.calls[1]!.headers['X-CSRF-Token'], '0123456789abcdef0123456789abcdef', 'beside the crumb');
  await apiRequest('/api/commerce/shopping-cart');
  t.equal(xsrf(env.calls[2]!.headers), undefined, 'reads go without it');

  env.replies.push({ status: 400, body: {} }, { status: 200, body: {} });
  await submitForm('form1', {}, { pageTitle: 'p', pageId: null, contentSource: null, pagePath: null });
  t.equal(xsrf(env.calls[3]!.headers), 'token-1', 'site forms send it too');

  // The cookie now names someone else (signed in elsewhere in this browser): their writes get no stale token.
  env.document.cookie = info('user-2');
  await apiRequest('/api/x', { method: 'POST', body: {} });
  t.equal(xsrf(env.calls.at(-1)!.headers), undefined);
  env.document.cookie = info(null, false);
  await apiRequest('/api/x', { method: 'POST', body: {} });
  t.equal(xsrf(env.calls.at(-1)!.headers), undefined, 'nor does a signed-out visitor');
});

t.test('sign-up keeps the token for the user it made', async (t) => {
  const env = await setup(t);
  env.replies.push({ status: 201, body: { xsrfToken: 'token-new', siteUserId: 'user-9' } });
  await signUp({ email: 'n@example.com', password: 'long-enough', name: 'N' });
  env.document.cookie = info('user-9');
  await apiRequest('/api/x', { method: 'PUT', body: {} });
  t.equal(xsrf(env.calls.at(-1)!.headers), 'token-new');
});

t.test('sign-out is retried once on crumbFail, and forgets the token', async (t) => {
  const env = await setup(t);
  env.document.cookie = info('user-1');
  env.replies.push({ status: 200, body: { xsrfToken: 'token-1' } });
  await signIn('a@example.com', 'secret-pass', false);
  const crumbFail = {
    status: 403,
    body: {
      error: { code: 'crumb-failed', message: 'Your session has expired. Please reload the page and try again.' },
      crumbFail: true,
    },
  };
  env.replies.push(crumbFail, { status: 200, body: { signedOut: true } });
  await signOut(true);
  const deletes = env.calls.filter((c) => c.method === 'DELETE');
  t.equal(deletes.length, 2, 'asked again after the crumbFail');
  t.equal(deletes[0]!.url, '/api/site-users/account/session?cloneCart=true');
  t.equal(env.window.localStorage.getItem('sb-site-user-xsrf'), null, 'token forgotten');

  env.document.cookie = info('user-1');
  env.replies.push(crumbFail, crumbFail);
  const error = await signOut(false).catch((e: unknown) => e);
  t.ok(error instanceof ClientApiError, 'a second crumbFail is the visitor’s message');
  t.equal((error as ClientApiError).message, 'Your session has expired. Please reload the page and try again.');
  t.equal(env.calls.filter((c) => c.method === 'DELETE').length, 4, 'only once more, not again');

  env.replies.push(crumbFail);
  await t.rejects(apiRequest('/api/x', { method: 'POST', body: {} }), ClientApiError);
  t.equal(env.calls.at(-1)!.url, '/api/x', 'other writes are not retried');
  t.equal(env.replies.length, 0);
});
