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
  t.equal(made.statusCode, 201, made.body);
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
    t.equal(response.statusCode, 201, response.body);
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
  t.equal(moved.statusCode, 200, moved.body);
  revision = moved.json().collection.revision;
  t.same(
    moved.json().collection.blocks.map((b: { type: number }) => b.type),
    [2, 5, 9],
  );

  const edited = await editor.request('PUT', `${CONTENT}/collections/${created.id}/blocks/0`, {
    baseRevision: revision,
    block: { type: 2, html: '<p>Roasted in <a href="javascript:alert(1)">Portland</a>.</p>' },
  });
  t.equal(edited.statusCode, 200, edited.body);
  revision = edited.json().collection.revision;
  t.equal(edited.json().collection.blocks[0].html, '<p>Roasted in <a>Portland</a>.</p>');

  const extra = await add({ type: 53, label: 'Visit the shop', href: '/shop' });
  t.equal(extra.blocks.length, 4);
  const removed = await editor.request(
    'DELETE',
    `${CONTENT}/collections/${created.id}/blocks/3?baseRevision=${revision}`,
  );
  t.equal(removed.statusCode, 200, removed.body);
  revision = removed.json().collection.revision;
  t.equal(removed.json().collection.blocks.length, 3);

  const published = await editor.request('PUT', `${CONTENT}/collections/${created.id}/enabled`, {
    baseRevision: revision,
    enabled: true,
  });
  t.equal(published.statusCode, 200, published.body);
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
  t.equal(response.statusCode, 200, response.body);
  const preview = response.json();
  t.equal(preview.path, '/about');
  t.match(preview.html, '<p>Draft words only.</p>');
  t.match(preview.html, '<style data-preview-stylesheet>');
  t.same(preview.problems, []);
  const after = await page('/about');
  t.equal(after.html, before.html, 'the site did not change');
});
