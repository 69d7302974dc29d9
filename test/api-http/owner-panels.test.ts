/**
 * What the admin app's panels do through their owner routes: site and
 * store settings (checked with the shared schemas, a refused change leaves
 * everything as it was, a saved one shows on the next page), header and
 * footer code on every page at once, commerce preferences per namespace
 * without websiteId, contributors invited by a mailed link, role changes
 * and removals that keep an administrator, and the plan.
 */
import t from 'tap';
import { listOutbox } from '../../api/mail/index.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { ROLES } from '../../shared/owner-permissions.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';
import { newEmail } from './site-user-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;

async function signedIn(owner: { email: string; password: string }): Promise<OwnerClient> {
  const client = new OwnerClient(app);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(response.body);
  return client;
}

const admin = await signedIn(DEMO_OWNERS.admin);

t.test('site settings: read, refused with field messages, saved and shown on the site', async (t) => {
  const before = await admin.request('GET', '/api/owner/site-settings');
  t.equal(before.statusCode, 200);
  const { site, store } = before.json();
  t.equal(site.siteTitle, 'Fernwood Coffee & Home');
  const bad = await admin.request('PUT', '/api/owner/site-settings', {
    ...site,
    siteTitle: ' ',
    timeZone: 'Mars/Olympus',
    language: 'not a language',
    baseCurrency: 'XYZW',
    captchaSiteKey: 'a key with spaces',
  });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().error.fields, {
    siteTitle: 'Please enter a site title.',
    timeZone: 'Please choose a time zone such as America/New_York.',
    language: 'Please choose a language such as en-US.',
    baseCurrency: 'Please choose a currency such as USD.',
    captchaSiteKey: 'Captcha site keys are letters, digits, - and _ only (at most 100).',
  });
  t.same((await admin.request('GET', '/api/owner/site-settings')).json(), before.json(), 'nothing changed');

  const saved = await admin.request('PUT', '/api/owner/site-settings', { ...site, siteTitle: 'Fernwood Roasters' });
  t.equal(saved.statusCode, 200);
  t.equal(saved.json().site.siteTitle, 'Fernwood Roasters');
  const page = await new Visitor(app).request('GET', '/');
  t.match(page.body, 'Fernwood Roasters', 'the next page shows the new title');
  await admin.request('PUT', '/api/owner/site-settings', site);

  const storeSaved = await admin.request('PUT', '/api/owner/store-settings', {
    ...store,
    minimumSubtotal: '25.5',
    multipleQuantityAllowedForServices: true,
  });
  t.equal(storeSaved.statusCode, 200);
  t.equal(storeSaved.json().store.minimumSubtotal, '25.50');
  const row = await db
    .selectFrom('websiteSettings')
    .select('storeSettings')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  const settings = typeof row.storeSettings === 'string' ? JSON.parse(row.storeSettings) : row.storeSettings;
  t.equal(settings.minimumSubtotalCents, '2550', 'kept in minor units');
  t.equal(settings.multipleQuantityAllowedForServices, true);
  t.ok(Object.keys(settings).length > 3, "the store's other settings are kept");
  const badStore = await admin.request('PUT', '/api/owner/store-settings', { ...store, minimumSubtotal: '12.345' });
  t.same(badStore.json().error.fields, {
    minimumSubtotal: 'Please enter an amount such as 25.00, or leave it empty for none.',
  });
  await admin.request('PUT', '/api/owner/store-settings', store);
});

t.test('header and footer code shows on every page at once', async (t) => {
  const visitor = new Visitor(app);
  const cached = await visitor.request('GET', '/');
  t.equal(cached.statusCode, 200);
  const code = { header: '<meta name="owner-test" content="header">', footer: '<!-- owner footer -->' };
  const saved = await admin.request('PUT', '/api/site-header-footer', code);
  t.same(saved.json(), code);
  const page = await visitor.request('GET', '/');
  t.match(page.body, code.header, 'the header code is in the page');
  t.match(page.body, code.footer);
  t.same((await admin.request('GET', '/api/site-header-footer')).json(), code);
  const tooLong = await admin.request('PUT', '/api/site-header-footer', { header: 'x'.repeat(50_001), footer: '' });
  t.equal(tooLong.statusCode, 400);
  t.same((await admin.request('GET', '/api/site-header-footer')).json(), code, 'a refused change changes nothing');
  await admin.request('PUT', '/api/site-header-footer', { header: '', footer: '' });
  t.notMatch((await visitor.request('GET', '/')).body, code.header, 'cleared again');
});

t.test('commerce preferences: per namespace, websiteId stripped', async (t) => {
  const path = '/api/v1/commerce-preferences/inventory-panel';
  t.same((await admin.request('GET', path)).json(), {}, 'none saved: {}');
  const saved = await admin.request('PUT', path, { websiteId: 'someone-else', scarcityThreshold: 3 });
  t.same(saved.json(), { scarcityThreshold: 3 });
  t.same((await admin.request('GET', path)).json(), { scarcityThreshold: 3 });
  t.same((await admin.request('GET', '/api/v1/commerce-preferences/other')).json(), {}, 'namespaces apart');
  t.equal((await admin.request('PUT', path, [1, 2])).json().error.code, 'preferences-invalid');
  t.equal((await admin.request('GET', '/api/v1/commerce-preferences/bad%20name')).statusCode, 400);
  const manager = await signedIn(DEMO_OWNERS.storeManager);
  t.same((await manager.request('GET', path)).json(), { scarcityThreshold: 3 }, 'the store manager reads them');
});

t.test('an invitation by mailed link makes a contributor who is signed in at once', async (t) => {
  const email = newEmail('invitee');
  const invited = await admin.request('POST', '/api/owner/contributors/invitations', { email, role: ROLES.editor });
  t.equal(invited.statusCode, 201);
  const mail = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).find((entry) => entry.to === email);
  t.ok(mail, 'an invitation mail is in the outbox');
  t.match(mail?.subject, 'You are invited to help run');
  t.match(mail?.text, 'Nora Whitfield invited you');
  const token = /\/config\/invitation#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  t.ok(token, 'the link carries the token in its fragment');
  const list = await admin.request('GET', '/api/owner/contributors');
  t.ok(
    list.json().invitations.some((i: { email: string }) => i.email === email),
    'listed as open',
  );

  const invitee = new OwnerClient(app);
  const lookup = await invitee.request('POST', '/api/owner/invitations/lookup', { token });
  t.same(lookup.json(), { email, role: ROLES.editor, siteTitle: 'Fernwood Coffee & Home' });
  const short = await invitee.request('POST', '/api/owner/invitations/accept', {
    token,
    name: 'Ed',
    password: 'short',
  });
  t.same(short.json().error.fields, { password: 'Passwords must be 8 to 256 characters long.' });
  const accepted = await invitee.request('POST', '/api/owner/invitations/accept', {
    token,
    name: 'Ed Itor',
    password: 'invited password',
  });
  t.equal(accepted.statusCode, 200, accepted.body);
  invitee.ownerXsrf = accepted.json().xsrfToken;
  const me = await invitee.request('GET', '/api/owner/session');
  t.equal(me.json().contributor.email, email);
  t.equal(me.json().contributor.role, ROLES.editor);
  const again = await new OwnerClient(app).request('POST', '/api/owner/invitations/accept', {
    token,
    name: 'Someone',
    password: 'another password',
  });
  t.equal(again.json().error.code, 'invitation-invalid', 'the link works once');
  const twice = await admin.request('POST', '/api/owner/contributors/invitations', { email, role: ROLES.viewer });
  t.equal(twice.json().error.code, 'contributor-exists');
});

t.test('role changes and removals; the last administrator stays', async (t) => {
  const email = newEmail('helper');
  await admin.request('POST', '/api/owner/contributors/invitations', { email, role: ROLES.viewer });
  const mail = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).find((entry) => entry.to === email);
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')![1];
  const helper = new OwnerClient(app);
  const accepted = await helper.request('POST', '/api/owner/invitations/accept', {
    token,
    name: 'Hel Per',
    password: 'helper password',
  });
  helper.ownerXsrf = accepted.json().xsrfToken;
  const contributors = (await admin.request('GET', '/api/owner/contributors')).json().contributors;
  const helperId = contributors.find((c: { email: string }) => c.email === email).id;
  const nora = contributors.find((c: { email: string }) => c.email === DEMO_OWNERS.admin.email);
  t.equal((await helper.request('PUT', '/api/site-header-footer', { header: '', footer: '' })).statusCode, 403);
  const promoted = await admin.request('PUT', `/api/owner/contributors/${helperId}`, { role: ROLES.websiteManager });
  t.equal(promoted.json().role, ROLES.websiteManager);
  t.equal(
    (await helper.request('PUT', '/api/site-header-footer', { header: '', footer: '' })).statusCode,
    200,
    'the new role counts on the next request',
  );
  const lastAdmin = await admin.request('PUT', `/api/owner/contributors/${nora.id}`, { role: ROLES.viewer });
  t.equal(lastAdmin.statusCode, 409);
  t.equal(lastAdmin.json().error.code, 'last-admin');
  t.equal((await admin.request('DELETE', `/api/owner/contributors/${nora.id}`)).json().error.code, 'last-admin');
  t.equal(
    (await admin.request('PUT', `/api/owner/contributors/${helperId}`, { role: 5 })).json().error.fields.role,
    'Please choose a role.',
  );
  const removed = await admin.request('DELETE', `/api/owner/contributors/${helperId}`);
  t.same(removed.json(), { removed: true, keptAsAuthor: false });
  t.equal((await helper.request('GET', '/api/owner/session')).statusCode, 401, 'their session ends');

  const theo = contributors.find((c: { email: string }) => c.email === DEMO_OWNERS.editor.email);
  const author = await admin.request('DELETE', `/api/owner/contributors/${theo.id}`);
  t.same(author.json(), { removed: true, keptAsAuthor: true }, 'an author stays as a byline');
  const left = (await admin.request('GET', '/api/owner/contributors')).json().contributors;
  t.equal(left.find((c: { id: string }) => c.id === theo.id).role, ROLES.none);
  t.equal(
    (await new OwnerClient(app).ownerSignIn(DEMO_OWNERS.editor.email, DEMO_OWNERS.editor.password)).statusCode,
    401,
  );
});

t.test('the plan page: plans and the choice', async (t) => {
  const plans = await admin.request('GET', '/api/owner/billing');
  t.equal(plans.json().currentPlan, 'personal');
  t.same(
    plans.json().plans.map((plan: { id: string }) => plan.id),
    ['personal', 'business', 'commerce'],
  );
  const chosen = await admin.request('PUT', '/api/owner/billing/plan', { plan: 'commerce' });
  t.equal(chosen.json().currentPlan, 'commerce');
  t.equal((await admin.request('GET', '/api/owner/billing')).json().currentPlan, 'commerce');
  const bad = await admin.request('PUT', '/api/owner/billing/plan', { plan: 'platinum' });
  t.same(bad.json().error.fields, { plan: 'Please choose one of the plans.' });
});
