/**
 * Digital delivery (issue 24) through inject(), on the demo store: the owner
 * gives the field guide two files, a buyer pays for it with the test card,
 * the confirmation page (202) and the receipt lead to the download page,
 * and each file downloads with the bytes uploaded, as an attachment, with
 * HEAD and ranges. A changed signature is refused, a link past its days is
 * refused with how to get a new one (the app's clock moved), the limit holds
 * even for ten downloads at once, and the owner's reset brings it back with
 * a new link by email; a cancelled order's files are refused. The owner
 * previews the download page (page type 210); anyone else is refused.
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { MEDIA_FILES_PATH } from '../../api/http/media-routes.ts';
import { listOutbox } from '../../api/mail/index.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import {
  DOWNLOAD_DEFAULTS,
  DOWNLOAD_MESSAGES,
  DOWNLOAD_PREFERENCES_NAMESPACE,
  digitalPreviewPath,
} from '../../shared/digital-downloads.ts';
import { DEMO_NOW, openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';
import { uploadAs } from './upload-helpers.ts';

const DAY = 86_400_000;
let clock = DEMO_NOW;
const { app, handle } = await openDemoApp(t, { server: { now: () => clock } });
const db = handle.db;
const GUIDE = productId('home-barista-field-guide');
const PRODUCTS = '/api/owner/products';

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const decode = (href: string) => href.replaceAll('&amp;', '&');

const owner = new OwnerClient(app);
await owner.ownerSignIn(DEMO_OWNERS.storeManager.email, DEMO_OWNERS.storeManager.password);

// Two files, one of them binary, every byte value in it.
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256))]);
const recipes = Buffer.from('Pour-over: 15 g coffee, 250 g water at 94 °C.\n'.repeat(40));
const uploads: Array<{ id: string; data: Buffer; name: string; type: string }> = [];
for (const file of [
  { fileName: 'Field Guide.pdf', contentType: 'application/pdf', data: pdf },
  { fileName: 'recipes.txt', contentType: 'text/plain', data: recipes },
]) {
  const answer = await uploadAs(owner, MEDIA_FILES_PATH, file);
  if (answer.statusCode !== 201) throw new Error(`upload failed: ${answer.body}`);
  uploads.push({ id: answer.json().file.id, data: file.data, name: file.fileName, type: file.contentType });
}

t.test('the owner gives a digital product its files and download terms', async (t) => {
  const loaded = (await owner.request('GET', `${PRODUCTS}/${GUIDE}`)).json().product;
  t.same(loaded.digitalFiles, [], 'the demo guide has no file yet');
  const { id: _id, collectionId: _c, fullUrl: _f, currency: _cur, images: _i, digitalFiles: _d, ...input } = loaded;
  const refused = await owner.request('PUT', `${PRODUCTS}/${GUIDE}`, {
    ...input,
    digitalFileIds: [uploads[0]!.id, uploads[0]!.id],
    downloadLimit: 0,
  });
  t.equal(refused.statusCode, 400);
  t.match(refused.json().error.fields, {
    'digitalFileIds.1': 'This file is already on the list.',
    downloadLimit: 'The download limit is a whole number from 1 to 1,000.',
  });
  const saved = await owner.request('PUT', `${PRODUCTS}/${GUIDE}`, {
    ...input,
    digitalFileIds: uploads.map((file) => file.id),
    downloadLimit: 3,
    downloadExpiryDays: null,
  });
  t.equal(saved.statusCode, 200, saved.body.slice(0, 300));
  t.same(
    saved.json().product.digitalFiles.map((file: { filename: string }) => file.filename),
    ['Field Guide.pdf', 'recipes.txt'],
  );
  t.equal(saved.json().product.downloadLimit, 3);
});

t.test('the files are not public: only the owner route and the signed links serve them', async (t) => {
  const visitor = new Visitor(app);
  const answer = await visitor.request('GET', `${MEDIA_FILES_PATH}/${uploads[0]!.id}`);
  t.equal(answer.statusCode, 401);
});

t.test('the owner previews the download page (210); a visitor is refused', async (t) => {
  const preview = await owner.request('GET', digitalPreviewPath(GUIDE));
  t.equal(preview.statusCode, 200);
  const body = main(preview.body);
  t.match(body, 'Your downloads');
  t.match(body, 'this is what a buyer of Home Barista Field Guide sees');
  t.match(body, 'Field Guide.pdf');
  t.match(body, `href="/api/owner/media/files/${uploads[1]!.id}"`);
  t.match(body, '3 of 3 downloads left');
  const json = await owner.request('GET', `${digitalPreviewPath(GUIDE)}&format=json`);
  t.equal(json.json().pageType, 210);
  const visitor = new Visitor(app);
  const refused = await visitor.request('GET', digitalPreviewPath(GUIDE));
  t.equal(refused.statusCode, 403);
  t.match(main(refused.body), 'Only the site owner can preview this page');
  t.notMatch(refused.body, 'Field Guide.pdf');
  t.equal((await visitor.request('GET', `${digitalPreviewPath(GUIDE)}&format=json`)).json().pageType, 210);
});

t.test("the store's own defaults, from its commerce preferences, for a product without its own", async (t) => {
  const loaded = (await owner.request('GET', `${PRODUCTS}/${GUIDE}`)).json().product;
  const { id: _id, collectionId: _c, fullUrl: _f, currency: _cur, images: _i, digitalFiles: _d, ...input } = loaded;
  const admin = new OwnerClient(app);
  await admin.ownerSignIn(DEMO_OWNERS.admin.email, DEMO_OWNERS.admin.password);
  const preferences = `/api/v1/commerce-preferences/${DOWNLOAD_PREFERENCES_NAMESPACE}`;
  t.equal((await admin.request('PUT', preferences, { downloadLimit: 9, downloadExpiryDays: 30 })).statusCode, 200);
  t.teardown(async () => {
    await admin.request('PUT', preferences, {});
    await owner.request('PUT', `${PRODUCTS}/${GUIDE}`, input);
  });
  t.equal((await owner.request('PUT', `${PRODUCTS}/${GUIDE}`, { ...input, downloadLimit: null })).statusCode, 200);
  const preview = main((await owner.request('GET', digitalPreviewPath(GUIDE))).body);
  t.match(preview, '9 of 9 downloads left');
  t.match(
    preview,
    `The link works until ${new Date(DEMO_NOW + 30 * DAY).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/New_York' })}`,
  );
  // A value out of range is the platform's default.
  t.equal((await admin.request('PUT', preferences, { downloadLimit: 0 })).statusCode, 200);
  t.match(
    main((await owner.request('GET', digitalPreviewPath(GUIDE))).body),
    `${DOWNLOAD_DEFAULTS.limit} of ${DOWNLOAD_DEFAULTS.limit} downloads left`,
  );
});

/** Buys the guide with the test card; answers the confirmation page's address. */
async function buyGuide(email: string): Promise<{ visitor: Visitor; confirmed: string }> {
  const visitor = new Visitor(app);
  const added = await visitor.add({ itemId: GUIDE, quantity: 1 });
  if (added.statusCode !== 200) throw new Error(`add failed: ${added.body}`);
  const placed = await visitor.app.inject({
    method: 'POST',
    url: '/checkout',
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ crumb: CRUMB, email, name: 'Grace Hopper', ...PAY_WITH_TEST_CARD }).toString(),
  });
  if (placed.statusCode !== 303 || !String(placed.headers.location).startsWith('/checkout/order-confirmed')) {
    throw new Error(`checkout failed: ${placed.statusCode} ${placed.headers.location} ${placed.body.slice(0, 300)}`);
  }
  return { visitor, confirmed: String(placed.headers.location) };
}

/** The download page's file links, by file name. */
function fileLinks(html: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const match of html.matchAll(/<a class="button" href="([^"]+)" download>Download ([^<]+)<\/a>/g)) {
    links.set(match[2]!, decode(match[1]!));
  }
  return links;
}

const download = (visitor: Visitor, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, remoteAddress: visitor.address, headers: { host: visitor.host, ...headers } });

t.test('a buyer downloads each file from the download page the confirmation links to', async (t) => {
  const { visitor, confirmed } = await buyGuide('grace@example.com');
  const confirmation = main((await visitor.request('GET', confirmed)).body);
  const pageLink = /<a class="button" href="([^"]+)">Download your files<\/a>/.exec(confirmation)?.[1];
  t.ok(pageLink, 'the confirmation links to the downloads');
  const page = await visitor.request('GET', decode(pageLink!));
  t.equal(page.statusCode, 200);
  t.equal(page.headers['cache-control'], 'no-store');
  const links = fileLinks(main(page.body));
  t.same([...links.keys()], ['Field Guide.pdf', 'recipes.txt']);
  t.match(main(page.body), '3 of 3 downloads left');

  for (const file of uploads) {
    const url = links.get(file.name)!;
    t.match(url, /^\/checkout\/downloads\/[0-9a-f]{24}\/[0-9a-f]{24}\?expires=\d+&signature=[\w-]{43}$/);
    const head = await app.inject({ method: 'HEAD', url, headers: { host: visitor.host } });
    t.equal(head.statusCode, 200);
    t.equal(head.headers['content-length'], String(file.data.length));
    const answer = await download(visitor, url);
    t.equal(answer.statusCode, 200);
    t.ok(answer.rawPayload.equals(file.data), `${file.name}: the bytes uploaded`);
    t.match(String(answer.headers['content-type']), file.type);
    t.match(String(answer.headers['content-disposition']), /^attachment; filename="[^"]+"; filename\*=UTF-8''/);
    t.match(String(answer.headers['content-disposition']), encodeURIComponent(file.name));
  }
  const after = main((await visitor.request('GET', decode(pageLink!))).body);
  t.match(after, '2 of 3 downloads left', 'a download is counted; HEAD is not');

  // A resumed download: a range after byte 0 continues one already counted.
  const pdfUrl = links.get('Field Guide.pdf')!;
  const ranged = await download(visitor, pdfUrl, { range: 'bytes=100-199' });
  t.equal(ranged.statusCode, 206);
  t.equal(ranged.headers['content-range'], `bytes 100-199/${pdf.length}`);
  t.ok(ranged.rawPayload.equals(pdf.subarray(100, 200)));
  t.equal((await download(visitor, pdfUrl, { range: `bytes=${pdf.length}-` })).statusCode, 416);
  t.match(main((await visitor.request('GET', decode(pageLink!))).body), '2 of 3 downloads left');

  // The receipt carries the page too, by the order's status token.
  const mail = await listOutbox(db, { websiteId: DEMO_WEBSITE_ID });
  const receipt = mail.find((entry) => entry.kind === 'order-confirmation' && entry.to === 'grace@example.com');
  const emailed = /(http:\/\/localhost\/checkout\/downloads\?orderToken=[0-9a-f]{32})/.exec(receipt?.text ?? '')?.[1];
  t.ok(emailed, 'the receipt links to the download page');
  const fromMail = await visitor.request('GET', new URL(emailed!).pathname + new URL(emailed!).search);
  t.same([...fileLinks(main(fromMail.body)).keys()], ['Field Guide.pdf', 'recipes.txt']);
  t.equal((await visitor.request('GET', '/checkout/downloads?orderToken=0123456789abcdef01234567')).statusCode, 404);
});

t.test('a changed link is refused, and counts nothing', async (t) => {
  const { visitor, confirmed } = await buyGuide('alan@example.com');
  const orderId = new URL(confirmed, 'http://localhost').searchParams.get('orderToken')!;
  const page = await visitor.request('GET', `/checkout/downloads?orderToken=${orderId}`);
  const url = fileLinks(main(page.body)).get('recipes.txt')!;
  const signature = new URL(url, 'http://localhost').searchParams.get('signature')!;
  const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  const tampered = [
    url.replace(signature, flipped),
    url.replace(/expires=(\d+)/, (_, ms) => `expires=${Number(ms) + DAY}`),
    url.replace(uploads[1]!.id, uploads[0]!.id),
    url.replace(/signature=[^&]+/, ''),
  ];
  for (const link of tampered) {
    const answer = await download(visitor, link);
    t.equal(answer.statusCode, 403, link);
    t.match(answer.body, DOWNLOAD_MESSAGES.invalid.heading);
  }
  t.match(
    main((await visitor.request('GET', `/checkout/downloads?orderToken=${orderId}`)).body),
    '3 of 3 downloads left',
  );
});

t.test('the limit holds, even for ten downloads at once', async (t) => {
  const { visitor, confirmed } = await buyGuide('ada@example.com');
  const orderId = new URL(confirmed, 'http://localhost').searchParams.get('orderToken')!;
  const pageUrl = `/checkout/downloads?orderToken=${orderId}`;
  const url = fileLinks(main((await visitor.request('GET', pageUrl)).body)).get('Field Guide.pdf')!;
  for (let i = 0; i < 2; i += 1) t.equal((await download(visitor, url)).statusCode, 200);
  // One download left: ten at once get one file.
  const raced = await Promise.all(Array.from({ length: 10 }, () => download(visitor, url)));
  t.same(raced.map((answer) => answer.statusCode).sort(), [200, 410, 410, 410, 410, 410, 410, 410, 410, 410]);
  t.ok(raced.find((answer) => answer.statusCode === 200)!.rawPayload.equals(pdf));
  const refusal = raced.find((answer) => answer.statusCode === 410)!;
  t.match(refusal.body, DOWNLOAD_MESSAGES.usedUp.heading);
  t.match(refusal.body, 'ask the shop to reset them');
  const used = await db
    .selectFrom('orderDownloads')
    .select(['downloadsUsed', 'downloadLimit'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('orderId', '=', orderId)
    .where('fileId', '=', uploads[0]!.id)
    .executeTakeFirstOrThrow();
  t.same(used, { downloadsUsed: 3, downloadLimit: 3 });
  const page = main((await visitor.request('GET', pageUrl)).body);
  t.match(page, 'This file has been downloaded 3 times, the most allowed.');
  t.same([...fileLinks(page).keys()], ['recipes.txt'], 'a used-up file has no link');
  t.equal((await app.inject({ method: 'HEAD', url, headers: { host: visitor.host } })).statusCode, 410);
});

t.test(
  'a link past its days is refused with how to get a new one; the owner resets it and emails a new link',
  async (t) => {
    const { visitor, confirmed } = await buyGuide('edsger@example.com');
    const orderId = new URL(confirmed, 'http://localhost').searchParams.get('orderToken')!;
    const pageUrl = `/checkout/downloads?orderToken=${orderId}`;
    const url = fileLinks(main((await visitor.request('GET', pageUrl)).body)).get('recipes.txt')!;
    const order = await db
      .selectFrom('orders')
      .select(['createdOn', 'orderNumber'])
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const ends = order.createdOn.getTime() + DOWNLOAD_DEFAULTS.expiryDays * DAY;
    t.equal(Number(new URL(url, 'http://localhost').searchParams.get('expires')), ends, 'the default 7 days');
    t.teardown(() => {
      clock = DEMO_NOW;
    });
    clock = ends - 1;
    t.equal((await download(visitor, url)).statusCode, 200, 'a moment before its end');
    clock = ends;
    const expired = await download(visitor, url);
    t.equal(expired.statusCode, 410);
    t.match(expired.body, DOWNLOAD_MESSAGES.expired.heading);
    t.match(expired.body, 'To get a new link, reply to your order confirmation email');
    const page = main((await visitor.request('GET', pageUrl)).body);
    t.match(page, 'This download link has expired.');
    t.same([...fileLinks(page).keys()], []);

    const listed = await owner.request('GET', `/api/owner/orders/${orderId}/downloads`);
    t.match(listed.json().downloads, [
      { filename: 'Field Guide.pdf', downloadsUsed: 0, state: 'expired' },
      { filename: 'recipes.txt', downloadsUsed: 1, state: 'expired' },
    ]);
    const viewer = new OwnerClient(app);
    await viewer.ownerSignIn(DEMO_OWNERS.viewer.email, DEMO_OWNERS.viewer.password);
    t.equal((await viewer.request('POST', `/api/owner/orders/${orderId}/downloads/reset`, {})).statusCode, 403);
    const reset = await owner.request('POST', `/api/owner/orders/${orderId}/downloads/reset`, {});
    t.equal(reset.statusCode, 200, reset.body);
    t.match(reset.json().downloads, [
      { downloadsUsed: 0, downloadLimit: 3, state: 'ready', expiresOn: new Date(ends + 7 * DAY).toISOString() },
      { downloadsUsed: 0, state: 'ready' },
    ]);
    const mail = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).find(
      (entry) => entry.kind === 'downloads-reset' && entry.to === 'edsger@example.com',
    );
    t.match(mail?.subject, `Your downloads from Fernwood Coffee & Home, order #${order.orderNumber}`);
    const emailed = /http:\/\/localhost(\/checkout\/downloads\?orderToken=[0-9a-f]{32})/.exec(mail?.text ?? '')?.[1];
    const renewed = fileLinks(main((await visitor.request('GET', emailed!)).body)).get('recipes.txt')!;
    const answer = await download(visitor, renewed);
    t.equal(answer.statusCode, 200);
    t.ok(answer.rawPayload.equals(recipes));
    t.equal((await download(visitor, url)).statusCode, 410, 'the old link stays expired');
  },
);

t.test("a cancelled order's files can no longer be downloaded", async (t) => {
  const { visitor, confirmed } = await buyGuide('barbara@example.com');
  const orderId = new URL(confirmed, 'http://localhost').searchParams.get('orderToken')!;
  const pageUrl = `/checkout/downloads?orderToken=${orderId}`;
  const url = fileLinks(main((await visitor.request('GET', pageUrl)).body)).get('recipes.txt')!;
  t.equal((await owner.request('POST', `/api/owner/orders/${orderId}/cancel`, {})).statusCode, 200);
  const refused = await download(visitor, url);
  t.equal(refused.statusCode, 410);
  t.match(refused.body, DOWNLOAD_MESSAGES.canceled.heading);
  t.equal((await app.inject({ method: 'HEAD', url, headers: { host: visitor.host } })).statusCode, 410);
  const page = main((await visitor.request('GET', pageUrl)).body);
  t.match(page, 'This order was cancelled.');
  t.same([...fileLinks(page).keys()], []);
  const reset = await owner.request('POST', `/api/owner/orders/${orderId}/downloads/reset`, {});
  t.equal(reset.statusCode, 409);
  t.equal(reset.json().error.code, 'order-canceled');
  const used = await db
    .selectFrom('orderDownloads')
    .select((eb) => eb.fn.sum<string>('downloadsUsed').as('used'))
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('orderId', '=', orderId)
    .executeTakeFirstOrThrow();
  t.equal(Number(used.used), 0, 'nothing was counted');
});

t.test('an order without files has no downloads to reset', async (t) => {
  const visitor = new Visitor(app);
  await visitor.add({ itemId: productId('walnut-coffee-scoop'), quantity: 1 });
  const placed: LightMyRequestResponse = await app.inject({
    method: 'POST',
    url: '/checkout',
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      crumb: CRUMB,
      email: 'kay@example.com',
      name: 'Kay Nygaard',
      addressLine1: '12 Fore Street',
      city: 'Portland',
      region: 'ME',
      postalCode: '04101',
      country: 'US',
      ...PAY_WITH_TEST_CARD,
    }).toString(),
  });
  t.equal(placed.statusCode, 303);
  const orderId = new URL(String(placed.headers.location), 'http://localhost').searchParams.get('orderToken')!;
  t.notMatch(main((await visitor.request('GET', String(placed.headers.location))).body), 'Download your files');
  const reset = await owner.request('POST', `/api/owner/orders/${orderId}/downloads/reset`, {});
  t.equal(reset.statusCode, 409);
  t.equal(reset.json().error.code, 'order-has-no-downloads');
});
