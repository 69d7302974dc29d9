/**
 * The owner's content routes through inject() (issue 23): pages' blocks
 * added, edited, moved and removed; posts written, scheduled and drafted;
 * events with their place on the map; gallery pictures captioned and
 * reordered; collections made, renamed, given a URL, page settings, access
 * and published. Rich text is sanitized on the way in, a save based on an
 * old revision is a conflict that changes nothing, every save is in the
 * history and a restore brings a revision back. Each change shows on the
 * site's next page.
 */
import t from 'tap';
import { collectionId, DEMO_WEBSITE_ID, formId, imageId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;

async function signedIn(owner: { email: string; password: string }): Promise<OwnerClient> {
  const client = new OwnerClient(app);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(response.body);
  return client;
}

const editor = await signedIn(DEMO_OWNERS.editor);
const visitor = new Visitor(app);
const CONTENT = '/api/owner/content';

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await visitor.request('GET', path);
  return { status: response.statusCode, html: response.body };
}

t.test('a new page: made as a draft, blocks added, edited, moved and removed, then published', async (t) => {
  const made = await editor.request('POST', `${CONTENT}/collections`, { kind: 'page', title: 'Our Story' });
  t.equal(made.statusCode, 201, made.statusCode === 201 ? 'answered' : made.body);
  const created = made.json().collection;
  t.equal(created.urlId, 'our-story', 'the slug is made from the title with the url-slug filter');
  t.equal(created.enabled, false, 'a new page is a draft');
  t.equal((await page('/our-story')).status, 404, 'a draft is not on the site');

  let revision = created.revision;
  const add = async (block: unknown, index?: number) => {
    const response = await editor.request('POST', `${CONTENT}/collections/${created.id}/blocks`, {
      baseRevision: revision,
      block,
      ...(index === undefined ? {} : { index }),
    });
    t.equal(response.statusCode, 201, response.statusCode === 201 ? 'answered' : response.body);
    revision = response.json().collection.revision;
    return response.json().collection;
  };
  await add({ type: 2, html: '<h2>Since 2022</h2><p onclick="steal()">We roast <script>alert(1)</script>coffee.</p>' });
  await add({ type: 5, imageId: imageId('gallery-storefront.svg'), caption: 'The shop' });
  const withForm = await add({ type: 9, formId: formId('contact') }, 0);
  t.same(
    withForm.blocks.map((b: { type: number }) => b.type),
    [9, 2, 5],
    'the form block went first',
  );
  t.equal(withForm.blocks[1].html, '<h2>Since 2022</h2><p>We roast coffee.</p>', 'the text was sanitized');

  const moved = await editor.request('POST', `${CONTENT}/collections/${created.id}/blocks/0/move`, {
    baseRevision: revision,
    to: 2,
  });
  t.equal(moved.statusCode, 200, moved.statusCode === 200 ? 'answered' : moved.body);
  revision = moved.json().collection.revision;
  t.same(
    moved.json().collection.blocks.map((b: { type: number }) => b.type),
    [2, 5, 9],
  );

  const edited = await editor.request('PUT', `${CONTENT}/collections/${created.id}/blocks/0`, {
    baseRevision: revision,
    block: { type: 2, html: '<p>Roasted in <a href="javascript:alert(1)">Portland</a>.</p>' },
  });
  t.equal(edited.statusCode, 200, edited.statusCode === 200 ? 'answered' : edited.body);
  revision = edited.json().collection.revision;
  t.equal(edited.json().collection.blocks[0].html, '<p>Roasted in <a>Portland</a>.</p>');

  const extra = await add({ type: 53, label: 'Visit the shop', href: '/shop' });
  t.equal(extra.blocks.length, 4);
  const removed = await editor.request(
    'DELETE',
    `${CONTENT}/collections/${created.id}/blocks/3?baseRevision=${revision}`,
  );
  t.equal(removed.statusCode, 200, removed.statusCode === 200 ? 'answered' : removed.body);
  revision = removed.json().collection.revision;
  t.equal(removed.json().collection.blocks.length, 3);

  const published = await editor.request('PUT', `${CONTENT}/collections/${created.id}/enabled`, {
    baseRevision: revision,
    enabled: true,
  });
  t.equal(published.statusCode, 200, published.statusCode === 200 ? 'answered' : published.body);
  const live = await page('/our-story');
  t.equal(live.status, 200);
  t.match(live.html, 'Roasted in <a>Portland</a>.');
  t.match(live.html, 'data-block-type="9"');
  t.notMatch(live.html, 'alert(1)');
});

t.test('a preview renders the unsaved blocks through the template and saves nothing', async (t) => {
  const about = collectionId('about');
  const before = await page('/about');
  const response = await editor.request('POST', `${CONTENT}/preview`, {
    subject: { kind: 'page', collectionId: about, blocks: [{ type: 2, html: '<p>Draft words only.</p>' }] },
  });
  t.equal(response.statusCode, 200, response.statusCode === 200 ? 'answered' : response.body);
  const preview = response.json();
  t.equal(preview.path, '/about');
  t.match(preview.html, '<p>Draft words only.</p>');
  t.match(preview.html, '<style data-preview-stylesheet>');
  t.same(preview.problems, []);
  const after = await page('/about');
  t.equal(after.html, before.html, 'the site did not change');
});

t.test('a post is previewed as published while its publication date is still being typed', async (t) => {
  const journal = collectionId('journal');
  const values = {
    title: 'Harvest Notes',
    urlId: '',
    body: '<p>Picked in June.</p>',
    excerpt: '',
    authorId: null,
    mainImageId: null,
    categories: [],
    tags: [],
    commentsEnabled: false,
  };
  const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
  for (const publication of [
    { publication: 'scheduled' },
    { publication: 'scheduled', publishAt: null },
    { publication: 'scheduled', publishAt: anHourAgo },
  ]) {
    const response = await editor.request('POST', `${CONTENT}/preview`, {
      subject: { kind: 'item', collectionId: journal, itemId: null, values: { ...values, ...publication } },
    });
    t.equal(response.statusCode, 200, response.statusCode === 200 ? JSON.stringify(publication) : response.body);
    t.match(response.json().html, 'Picked in June.');
  }
  t.equal((await page('/journal/harvest-notes')).status, 404, 'nothing saved');
});

t.test('posts: written with sanitized rich text, scheduled, drafted; refused input changes nothing', async (t) => {
  const journal = collectionId('journal');
  const list = await editor.request('GET', `${CONTENT}/collections/${journal}/items`);
  t.equal(list.statusCode, 200, list.statusCode === 200 ? 'answered' : list.body);
  const author = list.json().authors.find((a: { name: string }) => a.name === 'Theo Marsh');
  t.ok(author, 'the authors to choose from');
  const post = {
    title: 'Cold Brew at Home',
    urlId: '',
    body: '<p>Steep <img src=x onerror="alert(1)">overnight.</p><script>document.cookie</script>',
    excerpt: '<p>Twelve hours, <a href="javascript:void(0)">no heat</a>.</p>',
    authorId: author.id,
    categories: ['Brewing'],
    tags: ['cold brew', 'summer'],
    mainImageId: imageId('journal-window-light.svg'),
    publication: 'published',
    commentsEnabled: true,
  };
  const bad = await editor.request('POST', `${CONTENT}/collections/${journal}/items`, {
    ...post,
    title: ' ',
    tags: ['summer', 'Summer', 'x'.repeat(51)],
    categories: ['A category name longer than 25'],
  });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().error.fields, {
    title: 'Please enter a title.',
    'tags.1': 'This tag already exists',
    'tags.2': 'Tags can be at most 50 characters long.',
    'categories.0': 'Categories can be at most 25 characters long.',
  });
  const created = await editor.request('POST', `${CONTENT}/collections/${journal}/items`, post);
  t.equal(created.statusCode, 201, created.statusCode === 201 ? 'answered' : created.body);
  const item = created.json().item;
  t.equal(item.urlId, 'cold-brew-at-home');
  t.equal(item.status, 'published');
  t.equal(item.body, '<p>Steep overnight.</p>');
  t.equal(item.excerpt, '<p>Twelve hours, <a>no heat</a>.</p>');
  const shown = await page('/journal/cold-brew-at-home');
  t.equal(shown.status, 200);
  t.match(shown.html, 'Steep overnight.');
  t.notMatch(shown.html, 'onerror');

  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = await editor.request('PUT', `${CONTENT}/items/${item.id}`, {
    ...post,
    baseRevision: item.revision,
    publication: 'scheduled',
    publishAt: inAnHour,
  });
  t.equal(scheduled.statusCode, 200, scheduled.statusCode === 200 ? 'answered' : scheduled.body);
  t.equal(scheduled.json().item.status, 'scheduled');
  t.equal((await page('/journal/cold-brew-at-home')).status, 404, 'not on the site before its time');
  const past = await editor.request('PUT', `${CONTENT}/items/${item.id}`, {
    ...post,
    baseRevision: scheduled.json().item.revision,
    publication: 'scheduled',
    publishAt: '2020-01-01T00:00:00Z',
  });
  t.equal(past.statusCode, 400);
  t.equal(past.json().error.fields.publishAt, 'Choose a date and time in the future, or publish now.');
  const drafted = await editor.request('PUT', `${CONTENT}/items/${item.id}`, {
    ...post,
    baseRevision: scheduled.json().item.revision,
    publication: 'draft',
    commentsEnabled: false,
  });
  t.equal(drafted.json().item.status, 'draft');
  t.equal(drafted.json().item.commentsEnabled, false);
});

t.test('a stale save is a conflict that changes nothing; the history restores an earlier version', async (t) => {
  const about = collectionId('about');
  const loaded = (await editor.request('GET', `${CONTENT}/collections/${about}`)).json().collection;
  const first = await editor.request('PUT', `${CONTENT}/collections/${about}/blocks/0`, {
    baseRevision: loaded.revision,
    block: { type: 2, html: '<p>First owner’s words.</p>' },
  });
  t.equal(first.statusCode, 200, first.statusCode === 200 ? 'answered' : first.body);
  const second = await editor.request('PUT', `${CONTENT}/collections/${about}/blocks/0`, {
    baseRevision: loaded.revision,
    block: { type: 2, html: '<p>Second owner’s words.</p>' },
  });
  t.equal(second.statusCode, 409);
  t.equal(second.json().error.code, 'content-conflict');
  t.match(second.json().error.message, 'Someone else saved this since you opened it.');
  const stored = (await editor.request('GET', `${CONTENT}/collections/${about}`)).json().collection;
  t.equal(stored.blocks[0].html, '<p>First owner’s words.</p>', 'the first save stands');
  t.equal(stored.revision, loaded.revision + 1);

  const history = await editor.request('GET', `${CONTENT}/history/collection/${about}`);
  t.equal(history.statusCode, 200);
  const revisions = history.json().revisions;
  t.same(
    revisions.map((r: { revision: number }) => r.revision),
    [loaded.revision + 1, loaded.revision],
  );
  t.equal(revisions[0].savedBy, 'Theo Marsh');
  t.equal(revisions[0].note, 'Text block edited');
  const restored = await editor.request('POST', `${CONTENT}/history/collection/${about}/restore`, {
    baseRevision: stored.revision,
    revision: loaded.revision,
  });
  t.equal(restored.statusCode, 200, restored.statusCode === 200 ? 'answered' : restored.body);
  t.same(restored.json().collection.blocks, loaded.blocks, 'the blocks as they were');
  t.match((await page('/about')).html, 'Fernwood started in 2022');
  const stale = await editor.request('POST', `${CONTENT}/history/collection/${about}/restore`, {
    baseRevision: stored.revision,
    revision: loaded.revision,
  });
  t.equal(stale.statusCode, 409, 'a restore based on an old revision is a conflict too');
  const missing = await editor.request('POST', `${CONTENT}/history/collection/${about}/restore`, {
    baseRevision: restored.json().collection.revision,
    revision: 999,
  });
  t.equal(missing.statusCode, 404);
});

t.test('events and the gallery: a place on the map, captions, and the order by the owner', async (t) => {
  const events = collectionId('events');
  const bad = await editor.request('POST', `${CONTENT}/collections/${events}/items`, {
    title: 'Latte Art Night',
    body: '',
    excerpt: '',
    categories: [],
    tags: [],
    mainImageId: null,
    publication: 'published',
    startDate: '2027-05-01T19:00:00-04:00',
    endDate: '2027-05-01T18:00:00-04:00',
    location: { addressTitle: 'The shop', mapLat: 95, mapLng: -70.25 },
  });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().error.fields, {
    'location.mapLat': 'Latitude is a number from -90 to 90.',
    endDate: 'The end cannot be before the start.',
  });
  const event = await editor.request('POST', `${CONTENT}/collections/${events}/items`, {
    title: 'Latte Art Night',
    body: '<p>Bring a steady hand.</p>',
    excerpt: '',
    categories: ['Workshops'],
    tags: [],
    mainImageId: null,
    publication: 'published',
    startDate: '2027-05-01T19:00:00-04:00',
    endDate: '2027-05-01T21:00:00-04:00',
    location: { addressTitle: 'The shop', addressLine1: '112 Exchange Street', mapLat: 43.6579, mapLng: -70.2553 },
  });
  t.equal(event.statusCode, 201, event.statusCode === 201 ? 'answered' : event.body);
  t.same(event.json().item.location.mapLat, 43.6579);
  t.match((await page('/events/latte-art-night')).html, 'Bring a steady hand.');

  const gallery = collectionId('gallery');
  const listed = (await editor.request('GET', `${CONTENT}/collections/${gallery}/items`)).json();
  const ids = listed.items.map((item: { id: string }) => item.id);
  const first = listed.items[0];
  const captioned = await editor.request('PUT', `${CONTENT}/items/${first.id}`, {
    baseRevision: first.revision,
    title: first.title,
    caption: 'Home since 2022 <b>& proud</b>',
    mainImageId: first.mainImageId,
  });
  t.equal(captioned.statusCode, 200, captioned.statusCode === 200 ? 'answered' : captioned.body);
  t.equal(captioned.json().item.caption, 'Home since 2022 <b>& proud</b>', 'a caption is plain text');
  t.equal(captioned.json().item.body, '<p>Home since 2022 &lt;b&gt;&amp; proud&lt;/b&gt;</p>');

  const reversed = [...ids].reverse();
  const stale = await editor.request('PUT', `${CONTENT}/collections/${gallery}/order`, {
    baseRevision: listed.collection.revision,
    itemIds: reversed.slice(1),
  });
  t.equal(stale.statusCode, 409, 'an order that leaves a picture out is refused');
  t.equal(stale.json().error.code, 'order-mismatch');
  const ordered = await editor.request('PUT', `${CONTENT}/collections/${gallery}/order`, {
    baseRevision: listed.collection.revision,
    itemIds: reversed,
  });
  t.equal(ordered.statusCode, 200, ordered.statusCode === 200 ? 'answered' : ordered.body);
  const after = (await editor.request('GET', `${CONTENT}/collections/${gallery}/items`)).json();
  t.same(
    after.items.map((item: { id: string }) => item.id),
    reversed,
  );
  const html = (await page('/gallery')).html;
  t.ok(html.indexOf(listed.items.at(-1).title) < html.indexOf(first.title), 'the site shows the new order');
});

t.test('collection settings: URL slug filters, page settings, password and member access', async (t) => {
  const made = (await editor.request('POST', `${CONTENT}/collections`, { kind: 'blog', title: 'Field Notes' })).json()
    .collection;
  const settings = {
    baseRevision: made.revision,
    title: 'Field Notes',
    navigationTitle: 'Notes',
    urlId: 'Field Notes 2027!',
    description: 'From the farms.',
    seoTitle: 'Field notes from the farms',
    seoDescription: 'What we saw this harvest.',
    socialImageId: null,
    access: 'password',
    password: '',
    enabled: true,
  };
  const noPassword = await editor.request('PUT', `${CONTENT}/collections/${made.id}`, settings);
  t.equal(noPassword.statusCode, 400);
  t.equal(noPassword.json().error.fields.password, 'Please enter the password visitors will need.');
  const reserved = await editor.request('PUT', `${CONTENT}/collections/${made.id}`, {
    ...settings,
    urlId: 'Cart',
    access: 'public',
  });
  t.equal(reserved.json().error.fields.urlId, 'Cart is not a valid page URL');
  const taken = await editor.request('PUT', `${CONTENT}/collections/${made.id}`, {
    ...settings,
    urlId: 'journal',
    access: 'public',
  });
  t.equal(taken.json().error.fields.urlId, 'Another page of this site already uses this URL.');
  const saved = await editor.request('PUT', `${CONTENT}/collections/${made.id}`, {
    ...settings,
    password: 'harvest-2027',
  });
  t.equal(saved.statusCode, 200, saved.statusCode === 200 ? 'answered' : saved.body);
  const collection = saved.json().collection;
  t.equal(collection.urlId, 'field-notes-2027', 'the url-slug filter made the slug');
  t.equal(collection.access, 'password');
  t.equal(collection.hasPassword, true);
  t.equal(collection.seoTitle, 'Field notes from the farms');
  t.equal((await page('/field-notes-2027')).status, 401, 'the lock screen');
  const members = await editor.request('PUT', `${CONTENT}/collections/${made.id}`, {
    ...settings,
    baseRevision: collection.revision,
    urlId: 'field-notes-2027',
    access: 'members',
  });
  t.equal(members.statusCode, 200, members.statusCode === 200 ? 'answered' : members.body);
  t.equal((await page('/field-notes-2027')).status, 403, 'the member-area page');
  const home = (await editor.request('GET', `${CONTENT}/collections/${collectionId('home')}`)).json().collection;
  const disableHome = await editor.request('PUT', `${CONTENT}/collections/${home.id}/enabled`, {
    baseRevision: home.revision,
    enabled: false,
  });
  t.equal(disableHome.statusCode, 400);
  t.equal(disableHome.json().error.message, 'The home page cannot be disabled.');
});

t.test('block references must be the site’s own, and a layout holds at most 60 blocks', async (t) => {
  const made = (await editor.request('POST', `${CONTENT}/collections`, { kind: 'page', title: 'Limits' })).json()
    .collection;
  const refused = await editor.request('POST', `${CONTENT}/collections/${made.id}/blocks`, {
    baseRevision: made.revision,
    block: { type: 51, formId: formId('contact') },
  });
  t.equal(refused.statusCode, 400);
  t.same(refused.json().error.fields, { 'block.formId': 'Please choose one of the site’s newsletter forms.' });
  const badLink = await editor.request('POST', `${CONTENT}/collections/${made.id}/blocks`, {
    baseRevision: made.revision,
    block: { type: 53, label: 'Click', href: 'javascript:alert(1)' },
  });
  t.same(badLink.json().error.fields, {
    'block.href': 'Please enter a link such as /shop or https://example.com.',
  });
  await db
    .updateTable('collections')
    .set({ blocks: JSON.stringify(Array.from({ length: 60 }, () => ({ type: 2, html: '<p>x</p>' }))) })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', made.id)
    .execute();
  const full = await editor.request('POST', `${CONTENT}/collections/${made.id}/blocks`, {
    baseRevision: made.revision,
    block: { type: 2, html: '<p>one too many</p>' },
  });
  t.equal(full.statusCode, 400);
  t.equal(full.json().error.message, 'A page holds at most 60 blocks.');
});

t.test('style tweaks: colours by the spec’s rules, saved into the site’s stylesheet', async (t) => {
  const read = await editor.request('GET', '/api/owner/design/tweaks');
  t.equal(read.statusCode, 200, read.statusCode === 200 ? 'answered' : read.body);
  const accent = read.json().tweaks.find((tweak: { name: string }) => tweak.name === 'accentColor');
  t.equal(accent.type, 'color');
  for (const [value, message] of [
    ['hsl(400, 50%, 50%)', 'Hue out of bounds.'],
    ['hsl(20, 1.5, 0.5)', 'Saturation out of bounds.'],
    ['hsl(20, 50%, 150%)', 'Lightness out of bounds.'],
    ['hsla(20, 50%, 50%, 2)', 'Alpha out of bounds.'],
    ['hsl(20, 50%)', 'Missing an H/S/L value.'],
  ] as const) {
    const refused = await editor.request('PUT', '/api/owner/design/tweaks', { values: { accentColor: value } });
    t.equal(refused.statusCode, 400, value);
    t.equal(refused.json().error.fields.accentColor, message, value);
  }
  const saved = await editor.request('PUT', '/api/owner/design/tweaks', {
    values: { accentColor: 'hsl(210, 0.6, 0.35)' },
  });
  t.equal(saved.statusCode, 200, saved.statusCode === 200 ? 'answered' : saved.body);
  t.equal(saved.json().values.accentColor, 'hsl(210, 60%, 35%)');
  const css = await visitor.request('GET', '/site.css');
  t.match(css.body, '--color-accent: hsl(210, 60%, 35%)');
});

t.test('page settings show on the page: its title, description and social image', async (t) => {
  const about = (await editor.request('GET', `${CONTENT}/collections/${collectionId('about')}`)).json().collection;
  const saved = await editor.request('PUT', `${CONTENT}/collections/${about.id}`, {
    baseRevision: about.revision,
    title: about.title,
    navigationTitle: about.navigationTitle,
    urlId: about.urlId,
    description: about.description,
    seoTitle: 'About Fernwood, roasters in Portland',
    seoDescription: 'Who roasts your coffee & why.',
    socialImageId: imageId('gallery-storefront.svg'),
    access: 'public',
    enabled: true,
  });
  t.equal(saved.statusCode, 200, saved.statusCode === 200 ? 'answered' : saved.body);
  const html = (await page('/about')).html;
  t.match(html, '<title>About Fernwood, roasters in Portland</title>');
  t.match(html, '<meta name="description" content="Who roasts your coffee &amp; why.">');
  t.match(html, /<meta property="og:image" content="http:\/\/localhost\/content\/demo\/gallery-storefront\.svg">/);
});
