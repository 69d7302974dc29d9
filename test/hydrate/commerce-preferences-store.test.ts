/**
 * The admin app's commerce preferences on the client (spec section 4): a
 * set updates the local copy, fires a refetch event, then saves to the
 * server; reads use the cache, otherwise fetch once; a failed save puts
 * the previous copy back. The owner XSRF token and the crumb go with a save.
 */
import t from 'tap';
import { CommercePreferencesStore, PREFERENCES_REFETCH_EVENT } from '../../admin/commerce-preferences-store.ts';
import { setOwnerXsrf } from '../../admin/owner-api.ts';
import { createDomEnv } from './dom-env.ts';

t.test('reads use the cache, else fetch once', async (t) => {
  const env = await createDomEnv('');
  t.teardown(() => env.close());
  const store = new CommercePreferencesStore(env.window as unknown as EventTarget);
  env.replies.push({ status: 200, body: { threshold: 3 } });
  const [first, second] = await Promise.all([store.get('inventory'), store.get('inventory')]);
  t.same(first, { threshold: 3 });
  t.same(second, { threshold: 3 });
  t.equal(env.calls.length, 1, 'two reads at once share one fetch');
  t.equal(env.calls[0]!.url, '/api/v1/commerce-preferences/inventory');
  t.same(await store.get('inventory'), { threshold: 3 });
  t.equal(env.calls.length, 1, 'a later read uses the cache');
  env.replies.push({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } });
  await t.rejects(store.get('other'), { message: 'Something went wrong' });
  env.replies.push({ status: 200, body: {} });
  t.same(await store.get('other'), {}, 'a failed read is asked again next time');
});

t.test('a set updates the local copy, fires the refetch event, then saves', async (t) => {
  const env = await createDomEnv('', 'crumb=0123456789abcdef0123456789abcdef');
  t.teardown(() => {
    setOwnerXsrf(undefined);
    return env.close();
  });
  setOwnerXsrf('owner-token');
  const store = new CommercePreferencesStore(env.window as unknown as EventTarget);
  const heard: Array<{ namespace: string; copy: unknown; callsSoFar: number }> = [];
  env.window.addEventListener(PREFERENCES_REFETCH_EVENT, (event) => {
    const namespace = (event as unknown as CustomEvent<{ namespace: string }>).detail.namespace;
    heard.push({ namespace, copy: store.peek(namespace), callsSoFar: env.calls.length });
  });
  env.replies.push({ status: 200, body: { threshold: 5 } });
  const saving = store.set('inventory', { threshold: 5, websiteId: 'x' });
  t.same(store.peek('inventory'), { threshold: 5, websiteId: 'x' }, 'the local copy at once');
  t.same(
    heard,
    [{ namespace: 'inventory', copy: { threshold: 5, websiteId: 'x' }, callsSoFar: 0 }],
    'the event before the save',
  );
  t.same(await saving, { threshold: 5 });
  t.same(store.peek('inventory'), { threshold: 5 }, "then the server's answer, without websiteId");
  const call = env.calls[0]!;
  t.equal(call.method, 'PUT');
  t.equal(call.headers['X-Owner-XSRF-Token'], 'owner-token');
  t.equal(call.headers['X-CSRF-Token'], '0123456789abcdef0123456789abcdef');

  env.replies.push({
    status: 403,
    body: { error: { code: 'owner-forbidden', message: 'Your role on this website does not allow this.' } },
  });
  await t.rejects(store.set('inventory', { threshold: 9 }), {
    message: 'Your role on this website does not allow this.',
  });
  t.same(store.peek('inventory'), { threshold: 5 }, 'a refused save puts the stored copy back');
  t.same(heard.at(-1), { namespace: 'inventory', copy: { threshold: 5 }, callsSoFar: 2 }, 'and says so');
});
