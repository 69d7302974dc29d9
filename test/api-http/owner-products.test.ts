/**
 * The products panel's calls through inject(): a product of each of the five
 * types made and shown on the site at once (every save moves the content
 * version, so a kept page is drawn again), the spec's limits and messages
 * (tags 50, categories 25, 'This {tagType} already exists', 200 products a
 * store), SKUs and URLs of other products, and stock an editor changes by
 * difference, so a sale made meanwhile stays counted and the change is logged.
 */
import t from 'tap';
import { newId } from '../../api/db/ids.ts';
import { json } from '../../api/db/json.ts';
import { contentVersion } from '../../api/repositories/content-version-repository.ts';
import { reserveStock } from '../../api/repositories/inventory-repository.ts';
import { collectionId, DEMO_WEBSITE_ID, demoId, formId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { PRODUCT_TYPES, RECORD_TYPES } from '../../domain/spec-enums.ts';
import type { ProductInput } from '../../shared/product-input.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { OwnerClient } from './owner-helpers.ts';
import { testPicture, uploadAs } from './upload-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const SHOP = collectionId('shop');
const PRODUCTS = '/api/owner/products';

const manager = new OwnerClient(app);
await manager.ownerSignIn(DEMO_OWNERS.storeManager.email, DEMO_OWNERS.storeManager.password);

let skuCount = 0;
const sku = (prefix: string) => `${prefix}-${++skuCount}`;

function variant(overrides: Partial<ProductInput['variants'][number]> = {}): ProductInput['variants'][number] {
  return {
    id: null,
    sku: sku('TEST'),
    options: {},
    price: '24.00',
    salePrice: '',
    onSale: false,
    unlimited: false,
    qtyInStock: 10,
    stockSeen: null,
    weightGrams: 300,
    imageId: null,
    ...overrides,
  };
}

function product(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    title: 'Linen Apron',
    urlId: '',
    productType: PRODUCT_TYPES.physical,
    description: '<p>Heavy linen, two pockets.</p>',
    excerpt: '<p>Heavy linen.</p>',
    visible: true,
    tags: ['linen', 'kitchen'],
    categories: ['Kitchen'],
    customAddButtonText: '',
    imageIds: [],
    optionNames: [],
    variants: [variant()],
    subscription: null,
    additionalFieldsFormId: null,
    memberAreaId: null,
    digitalFileIds: [],
    downloadLimit: null,
    downloadExpiryDays: null,
    ...overrides,
  };
}

const create = (input: ProductInput, store = SHOP) =>
  manager.request('POST', PRODUCTS, { collectionId: store, product: input });

const page = (path: string) => app.inject({ url: path, headers: { host: 'localhost' } });

async function productCount(store = SHOP): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('collectionId', '=', store)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

t.test("the store's products and what the editor offers", async (t) => {
  const listing = (await manager.request('GET', PRODUCTS)).json();
  t.equal(listing.currency, 'USD');
  t.same(listing.stores, [{ id: SHOP, title: 'Shop', urlId: 'shop', productCount: 11 }]);
  t.equal(listing.storeId, SHOP);
  t.equal(listing.products.length, 11);
  t.match(
    listing.products.find((row: { urlId: string }) => row.urlId === 'stoneware-mug'),
    {
      productType: 1,
      published: true,
      variantCount: 3,
      minPriceMinor: '3200',
      totalStock: 23,
      unlimited: false,
      mainImage: { assetUrl: '/content/demo/product-mug-oat.svg' },
    },
  );
  t.same(listing.categories, ['Coffee', 'Kitchen', 'Living', 'Gifts']);
  t.ok(listing.forms.some((form: { id: string }) => form.id === formId('engraving')));
  t.ok(listing.memberAreas.some((area: { id: string }) => area.id === collectionId('roasting-at-home')));
  const unknown = await manager.request('GET', `${PRODUCTS}?collectionId=${collectionId('journal')}`);
  t.equal(unknown.statusCode, 404, 'a collection that is not a store');

  const mug = (await manager.request('GET', `${PRODUCTS}/${demoId('product', 'stoneware-mug')}`)).json().product;
  t.match(mug, {
    title: 'Stoneware Mug',
    fullUrl: '/shop/stoneware-mug',
    optionNames: ['Color'],
    categories: ['Kitchen'],
    variants: [
      { sku: 'FW-MUG-OAT', options: { Color: 'Oat' }, price: '32.00', qtyInStock: 14, stockSeen: 14 },
      { sku: 'FW-MUG-SLATE' },
      { sku: 'FW-MUG-TERRA', qtyInStock: 0 },
    ],
  });
  t.equal(mug.images.length, 2);
});

t.test('a product of each of the five types shows on the site on the next request', async (t) => {
  const list = await page('/shop');
  t.equal(list.statusCode, 200);
  const fileUpload = await uploadAs(manager, '/api/owner/media/files', {
    fileName: 'apron-pattern.pdf',
    contentType: 'application/pdf',
    data: Buffer.from('%PDF-1.4 pattern'),
  });
  const fileId = fileUpload.json().file.id;
  const inputs: ProductInput[] = [
    product({
      title: 'Waxed Canvas Tote',
      optionNames: ['Size', 'Color'],
      variants: [
        variant({ options: { Size: 'Small', Color: 'Olive' } }),
        variant({ options: { Size: 'Small', Color: 'Rust' }, onSale: true, salePrice: '19.50' }),
        variant({ options: { Size: 'Large', Color: 'Olive' }, price: '32', qtyInStock: 2 }),
        variant({ options: { Size: 'Large', Color: 'Rust' }, price: '32', unlimited: true }),
      ],
      customAddButtonText: 'Take it home',
    }),
    product({
      title: 'Apron Sewing Pattern',
      productType: PRODUCT_TYPES.digital,
      variants: [variant({ price: '8.00', unlimited: true })],
      digitalFileIds: [fileId],
      downloadLimit: 3,
      categories: ['Sewing'],
    }),
    product({
      title: 'Knife Sharpening',
      productType: PRODUCT_TYPES.service,
      variants: [variant({ price: '15', qtyInStock: 6 })],
      subscription: { every: 3, unit: 'MONTH', cycles: 4 },
    }),
    product({
      title: 'Apron Gift Card',
      productType: PRODUCT_TYPES['gift-card'],
      optionNames: ['Amount'],
      variants: [
        variant({ options: { Amount: '$20' }, price: '20' }),
        variant({ options: { Amount: '$40' }, price: '40' }),
      ],
    }),
    product({
      title: 'Sewing Circle Membership',
      productType: PRODUCT_TYPES.paywall,
      variants: [variant({ price: '12.00' })],
      memberAreaId: collectionId('roasting-at-home'),
    }),
  ];
  for (const input of inputs) {
    const before = await contentVersion(db, DEMO_WEBSITE_ID);
    const response = await create(input);
    t.equal(response.statusCode, 201, `${input.title}: ${response.body.slice(0, 300)}`);
    const saved = response.json().product;
    t.not(await contentVersion(db, DEMO_WEBSITE_ID), before, `${input.title} moves the content version`);
    t.equal(saved.fullUrl, `/shop/${saved.urlId}`);
    const shown = await page(saved.fullUrl);
    t.equal(shown.statusCode, 200, `${input.title} has its page`);
    t.match(shown.body, input.title.replace('&', '&amp;'));
  }
  const store = await page('/shop');
  for (const input of inputs) t.match(store.body, input.title, `the store lists ${input.title} at once`);

  const tote = (await manager.request('GET', PRODUCTS))
    .json()
    .products.find((row: { title: string }) => row.title === 'Waxed Canvas Tote');
  const detail = (await manager.request('GET', `${PRODUCTS}/${tote.id}`)).json().product;
  t.match(detail, {
    urlId: 'waxed-canvas-tote',
    optionNames: ['Size', 'Color'],
    customAddButtonText: 'Take it home',
    variants: [
      { options: { Size: 'Small', Color: 'Olive' }, price: '24.00', qtyInStock: 10, unlimited: false },
      { onSale: true, salePrice: '19.50' },
      { price: '32.00', qtyInStock: 2 },
      { unlimited: true },
    ],
  });
  const totePage = (await page('/shop/waxed-canvas-tote')).body;
  t.match(totePage, 'Take it home', 'the custom add-button text');
  t.match(totePage, 'Olive');

  const patternId = (await manager.request('GET', PRODUCTS))
    .json()
    .products.find((row: { title: string }) => row.title === 'Apron Sewing Pattern').id;
  const digital = await db
    .selectFrom('products')
    .select(['priceMinor', 'downloadLimit', 'downloadExpiryDays'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('itemId', '=', patternId)
    .executeTakeFirstOrThrow();
  t.same(
    digital,
    { priceMinor: '800', downloadLimit: 3, downloadExpiryDays: null },
    "a digital product's price and terms",
  );
  const files = await db
    .selectFrom('productDigitalFiles')
    .select(['fileId', 'position'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('itemId', '=', patternId)
    .execute();
  t.same(files, [{ fileId, position: 0 }], "a digital product's file");
  const categories = await db
    .selectFrom('productCategories')
    .select('displayName')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('collectionId', '=', SHOP)
    .where('type', '=', 'CATEGORY')
    .execute();
  t.ok(
    categories.some((row) => row.displayName === 'Sewing'),
    'a new category joins the store',
  );
  t.match((await page('/shop?category=Sewing')).body, 'Apron Sewing Pattern');
  const log = await db
    .selectFrom('inventoryAdjustments')
    .select(['sku', 'quantityChange', 'actorName', 'reason'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('productTitle', '=', 'Waxed Canvas Tote')
    .execute();
  t.equal(log.length, 4, "each new variant's stock is logged");
  t.ok(log.every((row) => row.actorName === 'Sam Okafor' && row.reason === 'Stock of a new variant'));
});

t.test("a product's uploaded picture is on its page at the stored widths", async (t) => {
  const data = await testPicture(1600, 1200, 'jpeg');
  const { image } = (
    await uploadAs(manager, '/api/owner/media/images', { fileName: 'lamp.jpg', contentType: 'image/jpeg', data })
  ).json();
  const response = await create(product({ title: 'Brass Desk Lamp', imageIds: [image.id] }));
  t.equal(response.statusCode, 201, response.body);
  t.same(
    response.json().product.images.map((i: { id: string }) => i.id),
    [image.id],
  );
  const html = (await page('/shop/brass-desk-lamp')).body;
  t.match(html, `${image.assetUrl}?format=500w 500w`, 'the srcset offers the stored widths');
  t.match(html, `${image.assetUrl}?format=1500w 1500w`);
  const served = await app.inject({ url: `${image.assetUrl}?format=500w`, headers: { host: 'localhost' } });
  t.equal(served.statusCode, 200);
});

t.test("the spec's limits and messages, and a refused save changes nothing", async (t) => {
  const before = await productCount();
  const cases: [Partial<ProductInput>, Record<string, string>][] = [
    [{ tags: ['x'.repeat(51)] }, { 'tags.0': 'Tags can be at most 50 characters long.' }],
    [{ tags: ['Linen', ' linen '] }, { 'tags.1': 'This tag already exists' }],
    [
      { categories: ['A category name that is long'] },
      { 'categories.0': 'Categories can be at most 25 characters long.' },
    ],
    [{ categories: ['Kitchen', 'KITCHEN'] }, { 'categories.1': 'This category already exists' }],
    [{ title: ' ' }, { title: 'Please enter a product name.' }],
    [{ variants: [variant({ price: '12.345' })] }, { 'variants.0.price': 'Please enter a price such as 19.00.' }],
    [
      { variants: [variant({ price: '12', onSale: true, salePrice: '12' })] },
      { 'variants.0.salePrice': 'The sale price must be lower than the price.' },
    ],
    [
      { optionNames: ['Size'], variants: [variant({ options: { Size: 'S' } }), variant({ options: { Size: 's' } })] },
      { 'variants.1.options': 'Another variant has the same options.' },
    ],
    [{ optionNames: ['Size'], variants: [variant()] }, { 'variants.0.options.Size': 'Please enter a value for Size.' }],
    [
      {
        optionNames: ['Size'],
        variants: [variant({ sku: 'DUP', options: { Size: 'S' } }), variant({ sku: 'dup', options: { Size: 'M' } })],
      },
      { 'variants.1.sku': 'Each variant needs a SKU of its own.' },
    ],
    [{ variants: [variant(), variant()] }, { 'variants.1.options': 'Another variant has the same options.' }],
    [
      { productType: PRODUCT_TYPES.digital, variants: [variant(), variant()] },
      { variants: 'A digital product or a membership has one price and no options.' },
    ],
    [{ productType: PRODUCT_TYPES.paywall }, { memberAreaId: 'Please choose the member area this membership opens.' }],
    [
      { productType: PRODUCT_TYPES['gift-card'], subscription: { every: 1, unit: 'MONTH', cycles: 0 } },
      { subscription: 'Only physical products and services can be subscribed to.' },
    ],
    [
      { customAddButtonText: 'x'.repeat(51) },
      { customAddButtonText: 'Button text can be at most 50 characters long.' },
    ],
  ];
  for (const [overrides, fields] of cases) {
    const response = await create(product(overrides));
    t.equal(response.statusCode, 400, JSON.stringify(fields));
    t.same(response.json().error.fields, fields);
  }
  const taken = await create(product({ variants: [variant({ sku: 'FW-MUG-OAT' })] }));
  t.equal(taken.statusCode, 409);
  t.same(taken.json().error.fields, { 'variants.0.sku': 'Another product already uses this SKU.' });
  const url = await create(product({ urlId: 'stoneware-mug' }));
  t.equal(url.statusCode, 409);
  t.same(url.json().error.fields, { urlId: 'Another item of this store already has this URL.' });
  const journal = await create(product(), collectionId('journal'));
  t.equal(journal.json().error?.code, 'not-a-store', 'a product goes into a store only');
  const picture = await create(product({ imageIds: ['0'.repeat(24)] }));
  t.equal(picture.statusCode, 400);
  t.equal(await productCount(), before, 'no product was added');
});

t.test('at most 200 products in a store (spec section 9)', async (t) => {
  const store = newId();
  await db
    .insertInto('collections')
    .values({
      websiteId: DEMO_WEBSITE_ID,
      id: store,
      type: 13,
      typeName: 'products',
      urlId: 'full-store',
      title: 'Full Store',
      navigationTitle: 'Full Store',
      updatedOn: new Date(),
    })
    .execute();
  const now = new Date();
  const ids = Array.from({ length: 199 }, () => newId());
  await db
    .insertInto('items')
    .values(
      ids.map((id, index) => ({
        websiteId: DEMO_WEBSITE_ID,
        id,
        collectionId: store,
        recordType: RECORD_TYPES['store-item'],
        title: `Item ${index}`,
        urlId: `item-${index}`,
        addedOn: now,
        publishOn: now,
        updatedOn: now,
      })),
    )
    .execute();
  await db
    .insertInto('products')
    .values(ids.map((itemId) => ({ websiteId: DEMO_WEBSITE_ID, itemId, productType: 1 })))
    .execute();
  await db
    .insertInto('productVariants')
    .values(
      ids.map((itemId, index) => ({
        websiteId: DEMO_WEBSITE_ID,
        id: newId(),
        itemId,
        sku: `FULL-${index}`,
        priceMinor: 100,
        attributes: json({}),
      })),
    )
    .execute();
  // Two owners add the 200th at once: one gets it.
  const raced = await Promise.all([
    create(product({ title: 'Last One A' }), store),
    create(product({ title: 'Last One B' }), store),
  ]);
  t.same(raced.map((r) => r.statusCode).sort(), [201, 409], raced.map((r) => r.body.slice(0, 200)).join(' | '));
  t.equal(await productCount(store), 200);
  const refused = await create(product({ title: 'One Too Many' }), store);
  t.equal(refused.statusCode, 409);
  t.same(refused.json().error, {
    code: 'collection-full',
    message: 'A store can hold at most 200 products. Remove one before adding another.',
  });
  t.equal(await productCount(store), 200);
});

t.test('an edit changes stock by the difference from what the editor loaded', async (t) => {
  const created = (await create(product({ title: 'Enamel Camp Mug', variants: [variant({ qtyInStock: 10 })] }))).json()
    .product;
  const loaded = (await manager.request('GET', `${PRODUCTS}/${created.id}`)).json().product;
  t.equal(loaded.variants[0].stockSeen, 10);
  // A buyer takes 3 while the owner edits.
  t.same(await reserveStock(db, DEMO_WEBSITE_ID, loaded.variants[0].id, 3), { ok: true });
  const { id: _id, collectionId: _c, fullUrl: _f, currency: _cur, images: _i, digitalFiles: _d, ...input } = loaded;
  const edited = await manager.request('PUT', `${PRODUCTS}/${created.id}`, {
    ...input,
    title: 'Enamel Camp Mug, Blue',
    variants: [{ ...loaded.variants[0], qtyInStock: 15, price: '18.00' }],
  });
  t.equal(edited.statusCode, 200, edited.body);
  t.match(edited.json().product, { title: 'Enamel Camp Mug, Blue', variants: [{ qtyInStock: 12, price: '18.00' }] });
  t.match((await page(edited.json().product.fullUrl)).body, 'Enamel Camp Mug, Blue');
  const log = await db
    .selectFrom('inventoryAdjustments')
    .select(['quantityChange', 'qtyAfter', 'reason', 'actorName'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('variantId', '=', loaded.variants[0].id)
    .orderBy('createdOn')
    .orderBy('id')
    .execute();
  t.same(log.at(-1), {
    quantityChange: 5,
    qtyAfter: 12,
    reason: 'Changed in the product editor',
    actorName: 'Sam Okafor',
  });

  // Taking off more than is left now is refused, and nothing of the edit is kept.
  const tooMany = await manager.request('PUT', `${PRODUCTS}/${created.id}`, {
    ...input,
    title: 'Renamed But Refused',
    variants: [{ ...loaded.variants[0], stockSeen: 40, qtyInStock: 0 }],
  });
  t.equal(tooMany.statusCode, 409);
  t.same(tooMany.json().error.fields, {
    'variants.0.qtyInStock': 'The stock changed while you were editing. Check the new figure and try again.',
  });
  const after = (await manager.request('GET', `${PRODUCTS}/${created.id}`)).json().product;
  t.equal(after.title, 'Enamel Camp Mug, Blue', 'the refused save left the product as it was');
  t.equal(after.variants[0].qtyInStock, 12);
});

t.test('a hidden product leaves the site; removed variants go', async (t) => {
  const created = (
    await create(
      product({
        title: 'Secret Spoon',
        optionNames: ['Wood'],
        variants: [variant({ options: { Wood: 'Cherry' } }), variant({ options: { Wood: 'Maple' } })],
      }),
    )
  ).json().product;
  t.equal((await page('/shop/secret-spoon')).statusCode, 200);
  const { id: _id, collectionId: _c, fullUrl: _f, currency: _cur, images: _i, digitalFiles: _d, ...input } = created;
  const hidden = await manager.request('PUT', `${PRODUCTS}/${created.id}`, {
    ...input,
    visible: false,
    variants: [created.variants[1]],
  });
  t.equal(hidden.statusCode, 200, hidden.body);
  t.same(
    hidden.json().product.variants.map((v: { options: object }) => v.options),
    [{ Wood: 'Maple' }],
  );
  t.equal((await page('/shop/secret-spoon')).statusCode, 404, 'not shown');
  t.notMatch((await page('/shop')).body, 'Secret Spoon');
  const cart = await manager.request('POST', '/api/commerce/shopping-cart/entries', {
    itemId: created.id,
    sku: created.variants[1].sku,
    quantity: 1,
  });
  t.equal(cart.statusCode, 404, 'not sold');
});

t.test('who may do what', async (t) => {
  const viewer = new OwnerClient(app);
  await viewer.ownerSignIn(DEMO_OWNERS.viewer.email, DEMO_OWNERS.viewer.password);
  t.equal((await viewer.request('GET', PRODUCTS)).statusCode, 200, 'a viewer reads');
  const refused = await viewer.request('POST', PRODUCTS, { collectionId: SHOP, product: product() });
  t.equal(refused.statusCode, 403);
  const editor = new OwnerClient(app);
  await editor.ownerSignIn(DEMO_OWNERS.editor.email, DEMO_OWNERS.editor.password);
  t.equal((await editor.request('GET', PRODUCTS)).statusCode, 403, 'an editor works on content, not the store');
});
