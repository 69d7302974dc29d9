/**
 * The owner routes through inject(): every route under the owner paths
 * declares its permission; each role is tried on each owner route and gets
 * exactly what the permission table says (allowed, or 403); API keys act
 * through the same table by their scopes.
 */
import os from 'node:os';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { captchaConfigFromEnv } from '../../api/captcha/index.ts';
import { newId } from '../../api/db/ids.ts';
import { apiRoutes } from '../../api/http/index.ts';
import type { OwnerPermission } from '../../api/http/owner-auth.ts';
import { OWNER_PATH_PREFIXES } from '../../api/http/owner-route.ts';
import { RateLimiter } from '../../api/http/rate-limits.ts';
import { MediaStore } from '../../api/media/media-store.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { hashPassword } from '../../api/repositories/password-hash.ts';
import { DEMO_WEBSITE_ID, formId } from '../../api/seed/demo-ids.ts';
import { MemoryStore } from '../../api/state/memory-store.ts';
import {
  OWNER_ACTIONS,
  ROLE_NUMBERS,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
  roleAllows,
} from '../../shared/owner-permissions.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { TEST_SECRET, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';
import { newEmail } from './site-user-helpers.ts';

const { app, handle, warnings } = await openDemoApp(t);
const db = handle.db;
const PASSWORD = 'owner password 1';
const CONTACT_FORM = formId('contact');

interface DeclaredRoute {
  method: string;
  url: string;
  permission: OwnerPermission | undefined;
}

/** Every route of the API scope, as registered, with the permission it declares. */
async function listApiRoutes(): Promise<DeclaredRoute[]> {
  const bare = Fastify();
  const routes: DeclaredRoute[] = [];
  bare.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const config = route.config as { ownerPermission?: OwnerPermission } | undefined;
      routes.push({ method, url: route.url, permission: config?.ownerPermission });
    }
  });
  await bare.register(apiRoutes, {
    db,
    secret: TEST_SECRET,
    limiter: new RateLimiter(new MemoryStore()),
    captcha: captchaConfigFromEnv({}),
    media: new MediaStore(os.tmpdir()),
    payments: new TestPaymentProvider(db, { webhookSecret: TEST_SECRET }),
  });
  await bare.ready();
  await bare.close();
  return routes;
}

const allRoutes = await listApiRoutes();
const ownerRoutes = allRoutes.filter((route) => route.permission !== undefined);

/** A contributor of each role, signed in (except none, which cannot sign in). */
const passwordHash = await hashPassword(PASSWORD);
const clients = new Map<Role, OwnerClient>();
let noneSignIn: LightMyRequestResponse | undefined;
const emails = new Map<Role, string>();
for (const role of ROLE_NUMBERS) {
  const email = newEmail(`role${role}`);
  emails.set(role, email);
  await db
    .insertInto('contributors')
    .values({ websiteId: DEMO_WEBSITE_ID, id: newId(), email, displayName: `Role ${role}`, role, passwordHash })
    .execute();
  const client = new OwnerClient(app);
  const signedIn = await client.ownerSignIn(email, PASSWORD);
  if (role === ROLES.none) noneSignIn = signedIn;
  else if (signedIn.statusCode !== 200) {
    throw new Error(`role ${role}: ${signedIn.body} ${JSON.stringify(warnings.at(-1))}`);
  }
  clients.set(role, client);
}

t.test('every route under the owner paths declares a permission from the table', async (t) => {
  const underOwnerPaths = allRoutes.filter((route) =>
    OWNER_PATH_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
  );
  t.ok(underOwnerPaths.length >= 15, `${underOwnerPaths.length} owner routes found`);
  for (const route of underOwnerPaths) {
    t.not(route.permission, undefined, `${route.method} ${route.url} declares its permission`);
  }
  for (const route of ownerRoutes) {
    const known = route.permission === 'public' || (OWNER_ACTIONS as readonly string[]).includes(route.permission!);
    t.ok(known, `${route.method} ${route.url}: ${route.permission} is in the table`);
  }
});

t.test('the permission table: admin may do everything, none nothing, viewer reads only', async (t) => {
  t.same(ROLE_PERMISSIONS[ROLES.admin], OWNER_ACTIONS);
  t.same(ROLE_PERMISSIONS[ROLES.none], []);
  for (const action of ROLE_PERMISSIONS[ROLES.viewer]) t.notMatch(action, /:write$|restock/, action);
  t.same(
    Object.keys(ROLE_PERMISSIONS)
      .map(Number)
      .sort((a, b) => a - b),
    [...ROLE_NUMBERS].sort((a, b) => a - b),
  );
});

/**
 * A request each owner route accepts from a caller allowed to make it.
 * Writes name records that do not exist or repeat what is stored, so the
 * matrix leaves the demo site as it was; a route missing here fails.
 */
const SAMPLES: Record<string, { url?: string; body?: unknown }> = {
  'GET /api/owner/session': {},
  'GET /api/owner/site-settings': {},
  'PUT /api/owner/site-settings': {
    body: {
      siteTitle: 'Fernwood Goods',
      siteDescription: '',
      timeZone: 'America/New_York',
      language: 'en-US',
      baseCurrency: 'USD',
      captchaSiteKey: '',
    },
  },
  'PUT /api/owner/store-settings': {
    body: { storeTitle: '', minimumSubtotal: '', multipleQuantityAllowedForServices: false },
  },
  'GET /api/site-header-footer': {},
  'PUT /api/site-header-footer': { body: { header: '', footer: '' } },
  'GET /api/v1/commerce-preferences/:namespace': { url: '/api/v1/commerce-preferences/matrix' },
  'PUT /api/v1/commerce-preferences/:namespace': { url: '/api/v1/commerce-preferences/matrix', body: { seen: true } },
  'GET /api/owner/contributors': {},
  'POST /api/owner/contributors/invitations': { body: { email: 'not-an-email', role: 10 } },
  'PUT /api/owner/contributors/:id': { url: '/api/owner/contributors/no-such-contributor', body: { role: 10 } },
  'DELETE /api/owner/contributors/:id': { url: '/api/owner/contributors/no-such-contributor' },
  'GET /api/owner/api-keys': {},
  'POST /api/owner/api-keys': { body: { name: '', scopes: [] } },
  'DELETE /api/owner/api-keys/:id': { url: '/api/owner/api-keys/no-such-key' },
  'GET /api/owner/billing': {},
  'POST /api/content-service/product/1.1/websites/:websiteId/products': {
    url: `/api/content-service/product/1.1/websites/${DEMO_WEBSITE_ID}/products`,
    body: { navigationTitle: '', title: '', description: '', enabled: true },
  },
  'POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories': {
    url: `/api/content-service/product/1.1/websites/${DEMO_WEBSITE_ID}/products/${'0'.repeat(24)}/categories`,
    body: { displayName: '', type: 'ROOT' },
  },
  'DELETE /api/content-service/product/1.1/websites/:websiteId/products/:collectionId': {
    url: `/api/content-service/product/1.1/websites/${DEMO_WEBSITE_ID}/products/${'0'.repeat(24)}`,
  },
  'GET /api/commondata/GetSiteLayout': {},
  'GET /api/owner/collections': {},
  'POST /api/widget/UpdateNavigation': { body: { fieldName: 'no-such-navigation', navigation: { items: [] } } },
  'GET /api/owner/analytics': { url: '/api/owner/analytics?from=2026-11-01&to=2026-11-07' },
  'PUT /api/owner/billing/plan': { body: { plan: 'personal' } },
  'GET /api/site-users/account/notifications/restock/groups': {},
  'GET /api/site-users/account/notifications/restock': {
    url: '/api/site-users/account/notifications/restock?productId=x&variantId=y',
  },
  'POST /api/site-users/account/notifications/restock/send': { body: { productId: 'x', variantId: 'y' } },
  'POST /api/site-users/account/notifications/restock/send/all': { body: { sendRequests: [] } },
  'GET /api/owner/checkout-rules': {},
  'PUT /api/owner/checkout-rules/tax-settings': { body: { pricesIncludeTax: false, taxRounding: 'line' } },
  'PUT /api/owner/checkout-rules/shipping-zones/:id': {
    url: `/api/owner/checkout-rules/shipping-zones/${'0'.repeat(24)}`,
    body: { name: '', areas: [], rates: [] },
  },
  'DELETE /api/owner/checkout-rules/shipping-zones/:id': {
    url: `/api/owner/checkout-rules/shipping-zones/${'0'.repeat(24)}`,
  },
  'PUT /api/owner/checkout-rules/tax-rates/:id': {
    url: `/api/owner/checkout-rules/tax-rates/${'0'.repeat(24)}`,
    body: { name: '', country: 'XX', region: null, ratePercent: '', appliesToShipping: false },
  },
  'DELETE /api/owner/checkout-rules/tax-rates/:id': { url: `/api/owner/checkout-rules/tax-rates/${'0'.repeat(24)}` },
  'PUT /api/owner/checkout-rules/discounts/:id': {
    url: `/api/owner/checkout-rules/discounts/${'0'.repeat(24)}`,
    body: { code: '', name: '', kind: 'fixed', value: '' },
  },
  'DELETE /api/owner/checkout-rules/discounts/:id': { url: `/api/owner/checkout-rules/discounts/${'0'.repeat(24)}` },
  'GET /api/owner/products': {},
  'GET /api/owner/products/:itemId': { url: `/api/owner/products/${'0'.repeat(24)}` },
  'POST /api/owner/products': { body: { collectionId: 'no-such-store', product: {} } },
  'PUT /api/owner/products/:itemId': { url: `/api/owner/products/${'0'.repeat(24)}`, body: {} },
  'GET /api/owner/inventory': { url: '/api/owner/inventory?search=mug&sort=stock&direction=desc&page=1' },
  'POST /api/owner/inventory/adjustments': {
    body: { variantId: 'no-such-variant', quantityChange: 1, reason: 'permission matrix' },
  },
  'GET /api/owner/inventory/adjustments': {},
  'GET /api/owner/inventory/settings': {},
  'PUT /api/owner/inventory/settings': {
    body: { scarcityOnProductPage: true, scarcityOnProductBlocks: false, scarcityThreshold: 5 },
  },
  // Not multipart: refused (415) once the caller is let through.
  'POST /api/owner/media/images': {},
  'PUT /api/owner/media/images/:imageId': {
    url: `/api/owner/media/images/${'0'.repeat(24)}`,
    body: { altText: '', focalPoint: { x: 0.5, y: 0.5 } },
  },
  'POST /api/owner/media/files': {},
  'GET /api/owner/media/files/:fileId': { url: `/api/owner/media/files/${'0'.repeat(24)}` },
  'POST /api/owner/panel-events': { body: { event: 'inventory_search', data: { search: 'matrix' } } },
  'GET /api/multilingual/settings': {},
  'GET /api/multilingual/status': {},
  'GET /api/multilingual/languages': {},
  'PUT /api/multilingual/languages': { body: { languages: [] } },
  'DELETE /api/multilingual/connection': {},
  'GET /api/multilingual/translations/:language': { url: '/api/multilingual/translations/fr' },
  'PUT /api/multilingual/translations/:language': {
    url: '/api/multilingual/translations/fr',
    body: { translations: [] },
  },
  'GET /api/v1/commerce/products': { url: '/api/v1/commerce/products?limit=1' },
  'GET /api/v1/commerce/products/:productId': { url: '/api/v1/commerce/products/no-such-product' },
  'GET /api/v1/commerce/inventory': { url: '/api/v1/commerce/inventory?limit=1' },
  'GET /api/v1/commerce/inventory/:variantId': { url: '/api/v1/commerce/inventory/no-such-variant' },
  'POST /api/v1/commerce/inventory/:variantId/adjustments': {
    url: '/api/v1/commerce/inventory/no-such-variant/adjustments',
    body: { quantity: 1, reason: 'matrix' },
  },
  'GET /api/v1/commerce/orders': { url: '/api/v1/commerce/orders?limit=1' },
  'GET /api/v1/commerce/orders/:orderId': { url: '/api/v1/commerce/orders/no-such-order' },
  'GET /api/owner/forms': {},
  'GET /api/owner/forms/:formId': { url: `/api/owner/forms/${CONTACT_FORM}` },
  'PUT /api/owner/forms/:formId': { url: '/api/owner/forms/no-such-form', body: {} },
  'GET /api/owner/forms/:formId/submissions': { url: `/api/owner/forms/${CONTACT_FORM}/submissions` },
  'GET /api/owner/forms/:formId/submissions/export': { url: `/api/owner/forms/${CONTACT_FORM}/submissions/export` },
  'GET /api/owner/forms/:formId/submissions/:submissionId': {
    url: `/api/owner/forms/${CONTACT_FORM}/submissions/no-such-submission`,
  },
  'DELETE /api/owner/forms/:formId/submissions/:submissionId': {
    url: `/api/owner/forms/${CONTACT_FORM}/submissions/no-such-submission`,
  },
  'DELETE /api/owner/forms/:formId/submissions': { url: '/api/owner/forms/no-such-form/submissions' },
  'GET /api/owner/product-feed': {},
  'PUT /api/owner/product-feed': { body: { pixelId: '' } },
  // Content editing (issue 23): refused input or records that do not exist, so nothing changes.
  'GET /api/owner/content/library': {},
  'GET /api/owner/content/collections': {},
  'POST /api/owner/content/collections': { body: { kind: 'page', title: '' } },
  'GET /api/owner/content/collections/:id': { url: `/api/owner/content/collections/${'0'.repeat(24)}` },
  'PUT /api/owner/content/collections/:id': { url: `/api/owner/content/collections/${'0'.repeat(24)}`, body: {} },
  'PUT /api/owner/content/collections/:id/enabled': {
    url: `/api/owner/content/collections/${'0'.repeat(24)}/enabled`,
    body: { baseRevision: 1, enabled: true },
  },
  'PUT /api/owner/content/collections/:id/order': {
    url: `/api/owner/content/collections/${'0'.repeat(24)}/order`,
    body: { baseRevision: 1, itemIds: [] },
  },
  'POST /api/owner/content/collections/:id/blocks': {
    url: `/api/owner/content/collections/${'0'.repeat(24)}/blocks`,
    body: {},
  },
  'PUT /api/owner/content/collections/:id/blocks/:index': {
    url: `/api/owner/content/collections/${'0'.repeat(24)}/blocks/0`,
    body: {},
  },
  'POST /api/owner/content/collections/:id/blocks/:index/move': {
    url: `/api/owner/content/collections/${'0'.repeat(24)}/blocks/0/move`,
    body: {},
  },
  'DELETE /api/owner/content/collections/:id/blocks/:index': {
    url: `/api/owner/content/collections/${'0'.repeat(24)}/blocks/0?baseRevision=1`,
  },
  'GET /api/owner/content/collections/:id/items': { url: `/api/owner/content/collections/${'0'.repeat(24)}/items` },
  'POST /api/owner/content/collections/:id/items': {
    url: `/api/owner/content/collections/${'0'.repeat(24)}/items`,
    body: {},
  },
  'GET /api/owner/content/items/:id': { url: `/api/owner/content/items/${'0'.repeat(24)}` },
  'PUT /api/owner/content/items/:id': { url: `/api/owner/content/items/${'0'.repeat(24)}`, body: {} },
  'DELETE /api/owner/content/items/:id': { url: `/api/owner/content/items/${'0'.repeat(24)}?baseRevision=1` },
  'GET /api/owner/content/history/:kind/:id': { url: `/api/owner/content/history/item/${'0'.repeat(24)}` },
  'POST /api/owner/content/history/:kind/:id/restore': {
    url: `/api/owner/content/history/item/${'0'.repeat(24)}/restore`,
    body: {},
  },
  'POST /api/owner/content/preview': { body: { subject: { kind: 'site', path: '/' } } },
  'GET /api/owner/orders': {},
  'GET /api/owner/orders/export': {},
  'GET /api/owner/donations': {},
  'GET /api/owner/donations/export': {},
  'GET /api/owner/mailing-list': {},
  // Refused for its blank fields once allowed, so the permission check sends no newsletter.
  'POST /api/owner/mailing-list/newsletters': { body: { subject: '', text: '' } },
  'GET /api/owner/orders/:orderId': { url: '/api/owner/orders/no-such-order' },
  'POST /api/owner/orders/:orderId/fulfil': { url: '/api/owner/orders/no-such-order/fulfil', body: {} },
  'POST /api/owner/orders/:orderId/cancel': { url: '/api/owner/orders/no-such-order/cancel', body: {} },
  'POST /api/owner/orders/:orderId/refunds': {
    url: '/api/owner/orders/no-such-order/refunds',
    body: { amountCents: '100' },
  },
  'GET /api/owner/orders/:orderId/downloads': { url: '/api/owner/orders/no-such-order/downloads' },
  'POST /api/owner/orders/:orderId/downloads/reset': {
    url: '/api/owner/orders/no-such-order/downloads/reset',
    body: {},
  },
  'GET /api/owner/service-sessions': { url: '/api/owner/service-sessions' },
  'GET /api/owner/subscriptions': { url: '/api/owner/subscriptions' },
  'GET /api/owner/design/tweaks': {},
  // The demo site keeps every tweak at its default: {} is what it has.
  'PUT /api/owner/design/tweaks': { body: { values: {} } },
};

t.test('role none cannot sign in', async (t) => {
  t.equal(noneSignIn?.statusCode, 403);
  t.equal(noneSignIn?.json().error.code, 'owner-no-access');
});

t.test('each role on each owner route: allowed, or 403 as the table says', async (t) => {
  const guarded = ownerRoutes.filter((route) => route.permission !== 'public');
  for (const route of guarded) {
    const sample = SAMPLES[`${route.method} ${route.url}`];
    t.ok(sample, `${route.method} ${route.url} has a sample request`);
    if (!sample) continue;
    for (const role of ROLE_NUMBERS) {
      const client = clients.get(role)!;
      const response = await client.request(route.method as 'GET', sample.url ?? route.url, sample.body);
      const label = `role ${role} ${route.method} ${route.url}`;
      if (role === ROLES.none) {
        t.equal(response.statusCode, 401, `${label}: no session`);
      } else if (roleAllows(role, route.permission as never)) {
        t.not(response.statusCode, 403, `${label}: allowed (${response.body.slice(0, 120)})`);
        t.not(response.statusCode, 401, label);
        t.ok(response.statusCode < 500, label);
      } else {
        t.equal(response.statusCode, 403, `${label}: refused`);
        t.equal(response.json().error.code, 'owner-forbidden', label);
      }
    }
  }
});

t.test('a visitor without a session is asked to sign in on every guarded owner route', async (t) => {
  const visitor = new Visitor(app);
  for (const route of ownerRoutes.filter((r) => r.permission !== 'public')) {
    const sample = SAMPLES[`${route.method} ${route.url}`] ?? {};
    const response = await visitor.request(route.method as 'GET', sample.url ?? route.url, sample.body);
    t.equal(response.statusCode, 401, `${route.method} ${route.url}`);
    t.equal(response.json().error.code, 'owner-not-signed-in');
  }
});
