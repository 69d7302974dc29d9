import t from 'tap';
import { z } from 'zod';
import { JSON_COLUMN_SCHEMAS } from '../../api/db/json-schemas.ts';
import { readJson, readJsonColumn, readJsonColumns, StoredJsonError } from '../../api/db/read-json.ts';
import type { PageBlock, StoreSettings } from '../../api/db/schema.ts';

/** The StoredJsonError `fn` throws; any other outcome fails the test. */
function thrown(fn: () => unknown): StoredJsonError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StoredJsonError) return error;
    throw error;
  }
  throw new Error('expected a StoredJsonError, nothing was thrown');
}

t.test('readJson hands on the stored value itself when it passes', async (t) => {
  const stored = { serviceName: 'instagram', profileUrl: 'https://example.test', followers: 12 };
  const read = readJson(JSON_COLUMN_SCHEMAS.websiteSettings.socialAccounts.element, stored, 'somewhere');
  t.equal(read, stored, 'no copy');
  t.same(
    read,
    { serviceName: 'instagram', profileUrl: 'https://example.test', followers: 12 },
    'keys zod does not name stay',
  );
});

t.test('readJson names where the value came from and the path of each issue', async (t) => {
  const error = thrown(() => readJson(JSON_COLUMN_SCHEMAS.items.location, { mapLat: 'north' }, 'items.location'));
  t.equal(error.where, 'items.location');
  t.equal(
    error.message,
    'stored JSON in items.location does not match its schema: mapLat: Invalid input: expected number, received string',
  );
  t.same(
    error.issues.map((issue) => issue.path),
    [['mapLat']],
  );
  t.notOk(error instanceof z.ZodError, 'not a ZodError, which the API answers with 400');
  t.type(error.cause, z.ZodError, 'the ZodError is the cause, for the log');

  const whole = thrown(() => readJson(JSON_COLUMN_SCHEMAS.items.tags, 'news', 'items.tags'));
  t.match(whole.message, /items\.tags does not match its schema: \(the value\): Invalid input: expected array/);
});

t.test('a message shows the first five issues and counts the rest', async (t) => {
  const error = thrown(() => readJson(z.array(z.string()), [1, 2, 3, 4, 5, 6, 7], 'items.tags'));
  t.equal(error.issues.length, 7, 'the error keeps them all');
  t.match(error.message, /\[0\]: .*; \[4\]: [^;]*; and 2 more$/);
});

t.test('readJsonColumn spells the column as SQL does', async (t) => {
  t.same(readJsonColumn('productVariants', 'attributes', { Size: 'S' }), { Size: 'S' });
  const error = thrown(() => readJsonColumn('productVariants', 'attributes', { Size: 3 } as never));
  t.equal(error.where, 'product_variants.attributes');
  t.match(error.message, /product_variants\.attributes .*: Size: Invalid input: expected string, received number/);
  t.equal(readJsonColumn('cartEntries', 'additionalFields', null), null, 'a nullable column may hold null');
});

t.test('readJsonColumns checks the JSON columns a row holds and returns the same row', async (t) => {
  const row = { id: 'i1', title: 'Post', tags: ['a'], location: null };
  t.equal(readJsonColumns('items', row), row);
  t.equal(readJsonColumns('items', undefined), undefined, 'no row passes through');
  t.equal(readJsonColumns('items', { id: 'i2' }).id, 'i2', 'columns not selected are not asked for');

  const error = thrown(() => readJsonColumns('items', { id: 'i3', tags: ['a'], categories: 'Baking' } as never));
  t.equal(error.where, 'items.categories');
});

t.test('page blocks: known types are checked, unknown types are left to the renderer', async (t) => {
  const blocks = JSON_COLUMN_SCHEMAS.collections.blocks;
  const fromNewerBuilder = [
    { type: 2, html: '<p>Hi</p>' },
    { type: 999, video: 'v1' },
  ] as unknown as PageBlock[];
  t.equal(readJson(blocks, fromNewerBuilder, 'collections.blocks'), fromNewerBuilder);

  const missingForm = thrown(() => readJson(blocks, [{ type: 2, html: '' }, { type: 9 }], 'collections.blocks'));
  t.match(missingForm.message, /: \[1\]\.formId: Invalid input: expected string, received undefined$/);
  const badLocation = thrown(() => readJson(blocks, [{ type: 4, location: { mapZoom: '9' } }], 'b'));
  t.match(badLocation.message, /: \[0\]\.location\.mapZoom: /);
  const badDesign = thrown(() => readJson(blocks, [{ type: 55, collectionId: 'c', limit: 3, design: 'masonry' }], 'b'));
  t.match(badDesign.message, /: \[0\]\.design: /);
  const notAnObject = thrown(() => readJson(blocks, [null], 'b'));
  t.match(notAnObject.message, /: \[0\]: a block must be an object$/);
});

t.test('store settings: named keys are typed, other keys are kept', async (t) => {
  const settings = JSON_COLUMN_SCHEMAS.websiteSettings.storeSettings;
  const stored: StoreSettings = { storeTitle: 'Shop', somethingNew: { on: true } };
  t.equal(readJson(settings, stored, 's'), stored);
  const halfSaved = thrown(() => readJson(settings, { installments: { available: true } }, 's'));
  t.match(halfSaved.message, /installments\.min: .*installments\.max: .*installments\.accountCountry: /);
  t.match(thrown(() => readJson(settings, { scarcityThreshold: '5' }, 's')).message, /scarcityThreshold: /);
});

t.test('open-ended columns only need to be objects', async (t) => {
  const open = JSON_COLUMN_SCHEMAS.commercePreferences.preferences;
  t.ok(readJson(open, { anything: [1, { deep: null }] }, 'p'));
  t.match(thrown(() => readJson(open, [], 'p')).message, /expected record, received array/);
  t.match(thrown(() => readJson(open, null, 'p')).message, /expected record, received null/);
});
