import t from 'tap';
import { newId } from '../../api/db/ids.ts';
import {
  findVariantBySku,
  getProduct,
  getProductsForItems,
  getStock,
  getVariant,
  listCategories,
} from '../../api/repositories/product-repository.ts';
import { buildCollection, buildItem, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('getProduct returns item, product and variants in display order', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId, { type: 13, typeName: 'products' });
  const built = await buildProduct(db, websiteId, shop.id, {
    title: 'Mug',
    variants: [
      { sku: 'MUG-S', attributes: { Size: 'S' }, priceMinor: '900719925474099312' },
      { sku: 'MUG-L', attributes: { Size: 'L' }, unlimited: true },
    ],
  });
  const detail = await getProduct(db, websiteId, built.item.id);
  t.equal(detail?.item.title, 'Mug');
  t.equal(detail?.product.productType, 1);
  t.same(
    detail?.variants.map((v) => v.sku),
    ['MUG-S', 'MUG-L'],
  );
  t.equal(detail?.variants[0]?.priceMinor, '900719925474099312', 'money stays an exact string');
  t.same(detail?.variants[0]?.attributes, { Size: 'S' });

  t.equal(await getProduct(db, websiteId, 'missing'), undefined);
  const post = await buildItem(db, websiteId, shop.id);
  t.equal(await getProduct(db, websiteId, post.id), undefined, 'an item that is not a product');
});

t.test('getProductsForItems batches products and variants', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId);
  const a = await buildProduct(db, websiteId, shop.id, { variants: [{ sku: 'A1' }, { sku: 'A2' }] });
  const b = await buildProduct(db, websiteId, shop.id, { variants: [{ sku: 'B1' }] });
  const post = await buildItem(db, websiteId, shop.id);

  const queries: string[] = [];
  const counted = db.withPlugin({
    transformQuery: (args) => {
      queries.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const map = await getProductsForItems(counted, websiteId, [a.item.id, b.item.id, post.id, 'missing', a.item.id]);
  t.equal(queries.length, 2, 'one query for products, one for variants');
  t.same([...map.keys()].sort(), [a.item.id, b.item.id].sort());
  t.same(
    map.get(a.item.id)?.variants.map((v) => v.sku),
    ['A1', 'A2'],
  );
  t.same(
    map.get(b.item.id)?.variants.map((v) => v.sku),
    ['B1'],
  );
  t.equal((await getProductsForItems(db, websiteId, [])).size, 0);
});

t.test('variants by sku and id; stock levels', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId);
  const built = await buildProduct(db, websiteId, shop.id, {
    variants: [
      { sku: 'TEE-S', qtyInStock: 3 },
      { sku: 'TEE-M', qtyInStock: 0 },
      { sku: 'TEE-L', unlimited: true, qtyInStock: 0 },
    ],
  });
  t.equal((await findVariantBySku(db, websiteId, 'TEE-M'))?.id, built.variants[1]?.id);
  t.equal(await findVariantBySku(db, websiteId, 'tee-m'), undefined, 'skus are exact');
  t.equal((await getVariant(db, websiteId, built.variants[0].id))?.sku, 'TEE-S');
  t.same(await getStock(db, websiteId, built.item.id), {
    results: [
      { variantId: built.variants[0].id, sku: 'TEE-S', unlimited: false, qtyInStock: 3 },
      { variantId: built.variants[1]?.id, sku: 'TEE-M', unlimited: false, qtyInStock: 0 },
      { variantId: built.variants[2]?.id, sku: 'TEE-L', unlimited: true, qtyInStock: 0 },
    ],
  });
  t.same(await getStock(db, websiteId, 'missing'), { results: [] });
});

t.test('listCategories returns the root and its nested children in order', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId);
  const root = newId();
  const insert = (id: string, parent: string | null, displayName: string, displayIndex: number) =>
    db
      .insertInto('productCategories')
      .values({
        websiteId,
        id,
        collectionId: shop.id,
        parentCategoryId: parent,
        displayName,
        urlSlug: displayName.toLowerCase(),
        type: parent === null ? 'ROOT' : 'CATEGORY',
        displayIndex,
      })
      .execute();
  await insert(root, null, 'All', 1);
  await insert('mugs', root, 'Mugs', 3);
  await insert('tees', root, 'Tees', 2);
  await insert('vneck', 'tees', 'V-neck', 1);
  const tree = await listCategories(db, websiteId, shop.id);
  t.equal(tree.root?.displayName, 'All');
  t.same(
    tree.categories.map((c) => c.displayName),
    ['Tees', 'Mugs'],
  );
  t.same(
    tree.categories[0]?.children.map((c) => c.displayName),
    ['V-neck'],
  );
  const empty = await listCategories(db, websiteId, 'missing');
  t.equal(empty.root, undefined);
  t.same(empty.categories, []);
});
