import t from 'tap';
import { Engine, type RenderOptions } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';
import { contentPredicates } from '../../predicates/content.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown, options?: RenderOptions) {
  const compiled = engine.compile(source, { file: 'content.html' });
  const rendered = engine.render(compiled.template, data, options);
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}
/** 'Y' or 'N' for `{.NAME}` against each context. */
const answers = (head: string, contexts: readonly unknown[]) =>
  contexts.map((c) => run(`{.${head}}Y{.or}N{.end}`, c).output).join('');

const NEEDS_ARGUMENT = new Set(['collectionTypeNameEquals?', 'current-type?']);

t.test('every predicate answers odd data without errors or exceptions', async (t) => {
  const odd = [null, 5, 'str', [], [1, 2], {}, { options: 'x', collection: 7, items: {}, location: [] }];
  for (const name of Object.keys(contentPredicates)) {
    if (name === 'units-metric?') continue;
    const head = NEEDS_ARGUMENT.has(name) ? `${name} gallery` : name;
    for (const data of odd) t.same(run(`{.${head}}Y{.end}`, data).codes, [], `${name} ${JSON.stringify(data)}`);
  }
});

t.test('arguments are checked at compile time', async (t) => {
  t.same(run('{.text? extra}Y{.end}', {}).codes, ['BAD_PREDICATE_ARGS']);
  t.same(run('{.gallery-autoplay? x}Y{.end}', {}).codes, ['BAD_PREDICATE_ARGS']);
  t.same(run('{.collectionTypeNameEquals?}Y{.end}', {}).codes, ['BAD_PREDICATE_ARGS']);
  t.same(run('{.current-type? carousel}Y{.end}', {}).codes, ['BAD_PREDICATE_ARGS']);
  t.same(run('{.current-type? gallery}Y{.end}', {}).codes, []);
});

t.test('units-metric? follows the locale', async (t) => {
  t.equal(run('{.units-metric?}Y{.or}N{.end}', {}).output, 'N');
  t.equal(run('{.units-metric?}Y{.or}N{.end}', {}, { locale: 'fr-FR' }).output, 'Y');
});

t.test('folders: clickable (index, redirect or unspecified), redirect, index, folder', async (t) => {
  const behaviors = [
    {},
    { folderBehavior: 1 },
    { folderBehavior: 2 },
    { folderBehavior: 3 },
    { folderBehavior: 4 },
    { folderBehavior: '2' },
  ];
  t.equal(answers('clickable?', behaviors), 'YYYNNY');
  t.equal(answers('redirect?', behaviors), 'NNYNNY');
  t.equal(
    run('{.section s}{.clickable?}Y{.or}N{.end}{.end}', { folderBehavior: 3, s: { a: 1 } }).output,
    'N',
    'outwards',
  );
  t.equal(
    answers('index?', [
      { collection: { folder: true, folderBehavior: 1 } },
      { collection: { folder: true, folderBehavior: '1' } },
      { collection: { folder: false, folderBehavior: 1 } },
    ]),
    'YNN',
  );
  t.equal(
    answers('folder?', [{ collection: { folder: true } }, { collection: { folder: 0 } }, { folder: true }]),
    'YNN',
  );
});

t.test('collections', async (t) => {
  t.equal(answers('collection?', [{ collection: { a: 1 } }, { collection: {} }, {}]), 'YNN');
  t.equal(
    answers('collection-page?', [{ collection: { type: 10 } }, { collection: { type: '10' } }, { type: 10 }]),
    'YYN',
  );
  t.equal(
    answers('collection-template-page?', [{ collection: { type: 7 } }, { type: 7 }, { collection: {}, type: 7 }]),
    'YYN',
  );
  t.equal(
    answers('collectionTypeNameEquals? events', [{ typeName: 'events' }, { typeName: 'Events' }, { name: 'events' }]),
    'YNN',
  );
});

t.test('item fields', async (t) => {
  t.equal(
    answers('excerpt?', [
      { excerpt: 'text' },
      { excerpt: { html: '<p>a</p>' } },
      { excerpt: { html: '<p> </p>' } },
      { excerpt: 12 },
    ]),
    'YYNN',
  );
  t.equal(answers('external-link?', [{ externalLink: 'http://x' }, { externalLink: '' }, {}]), 'YNN');
  t.equal(
    answers('passthrough?', [
      { passthrough: true, sourceUrl: 'http://x' },
      { passthrough: true, sourceUrl: '' },
      { sourceUrl: 'x' },
    ]),
    'YNN',
  );
  t.equal(answers('location?', [{ location: { mapLat: 0, mapLng: 0 } }, { location: { mapLat: 1 } }]), 'YN');
  t.equal(answers('main-image?', [{ mainImageId: 'm' }, { systemDataId: 's' }, { mainImageId: '' }]), 'YYN');
  t.equal(
    answers('child-images?', [{ items: [{ mainImageId: 'm' }] }, { items: [{}, { mainImageId: 'm' }] }, { items: [] }]),
    'YNN',
  );
  t.equal(answers('serviceNameEmail?', [{ serviceName: 'email' }, { serviceName: 'Email' }]), 'YN');
  t.equal(
    answers('show-past-events?', [{ showPastOrUpcomingEvents: 'past' }, { showPastOrUpcomingEvents: 'upcoming' }]),
    'YN',
  );
  t.equal(answers('has-multiple?', [[1, 2], [1], { a: 1, b: 2 }, 'ab']), 'YNYN');
  t.equal(
    answers('calendar-view?', [{ calendarView: true }, { calendarView: 'true' }, { calendarView: 'yes' }, {}]),
    'YYNN',
  );
});

t.test('same-day? compares calendar days in UTC', async (t) => {
  t.equal(
    answers('same-day?', [
      { startDate: 1384518630000, endDate: 1384515030000 },
      { startDate: 1384518630000, endDate: 1384432230000 },
      { startDate: 1384475400000, endDate: 1384471800000, website: { timeZone: 'America/New_York' } },
      { startDate: 'soon', endDate: 0 },
    ]),
    'YNNN',
  );
});

t.test('gallery options are read as stored, without defaults', async (t) => {
  t.equal(answers('gallery-design-grid?', [{ options: { design: 'grid' } }, { options: {} }]), 'YN');
  t.equal(
    answers('gallery-meta-position-bottom?', [{ options: { 'meta-position': 'bottom' } }, { options: {} }]),
    'YN',
  );
  t.equal(answers('gallery-active-alignment-center?', [{ options: {} }]), 'N');
  t.equal(
    answers('gallery-auto-crop?', [
      { options: { 'auto-crop': true } },
      { options: { 'auto-crop': 'true' } },
      { options: { 'auto-crop': 'yes' } },
      { options: {} },
    ]),
    'YYNN',
  );
  t.equal(
    answers('gallery-meta?', [{ options: { controls: true } }, { options: { indicators: 1 } }, { options: {} }]),
    'YYN',
  );
  const nested = run('{.section s}{.gallery-lightbox?}Y{.or}N{.end}{.end}', {
    options: { lightbox: true },
    s: { a: 1 },
  });
  t.equal(nested.output, 'Y', 'options are looked up outwards');
});

t.test('record types, promoted blocks, background sources and slide types', async (t) => {
  t.equal(answers('event?', [{ recordType: 12 }, { recordType: '12' }, { recordType: 1 }]), 'YYN');
  t.equal(answers('undefined?', [{ recordType: -1 }, {}]), 'YN');
  t.equal(answers('video?', [{ recordType: 8 }, { promotedBlockType: 'video' }, { recordType: 2 }]), 'YYN');
  t.equal(answers('external-video?', [{ promotedBlockType: 'video' }, { recordType: 18 }]), 'YN');
  t.equal(answers('promotedFORM?', [{ promotedBlockType: 'form' }, { promotedBlockType: 'FORM' }]), 'YN');
  t.equal(answers('background-source-none?', [{ backgroundSource: 4 }, { backgroundSource: 1 }]), 'YN');
  t.equal(answers('current-type? gallery', [{ currentType: 5 }, { currentType: '5' }, { currentType: 6 }]), 'YYN');
  t.equal(answers('current-type? heading', [{ currentType: 1 }]), 'Y');
});
