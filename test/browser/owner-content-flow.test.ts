/**
 * Content editing in headless Chromium against the real server (issue 23):
 * the demo editor makes a page of a text, an image and a form block (the
 * text in the rich-text editor, the order changed from the keyboard, the
 * live preview following at both widths), publishes it and a visitor sees
 * it; writes a post scheduled a few seconds ahead, which the site shows once
 * its time has come; reorders the gallery from the keyboard; and changes the
 * accent colour in the style panel (a colour out of bounds refused with the
 * spec's message), which the preview and then the site show.
 */
import type { FrameLocator, Page } from 'playwright-core';
import t from 'tap';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { testPicture } from '../api-http/upload-helpers.ts';
import { wcagViolations } from './axe-check.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

async function signIn(page: Page, base: string, owner: { email: string; password: string }) {
  await page.goto(`${base}/config`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Sign in' }).waitFor();
  await main.getByLabel('Email').fill(owner.email);
  await main.getByLabel('Password').fill(owner.password);
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Administration' }).waitFor();
}

/** The preview frame's document, once it shows what `text` names. */
async function previewShows(preview: FrameLocator, text: string): Promise<void> {
  await preview.getByText(text).first().waitFor();
}

/** How far ahead the post is scheduled: the steps from saving it to the posts list fit well within it. */
const SCHEDULED_AHEAD_S = 15;

/** An instant a few seconds ahead as the browser's datetime-local field takes it, in the browser's time zone. */
function localInputAhead(page: Page, seconds: number): Promise<string> {
  return page.evaluate((ahead) => {
    const date = new Date(Date.now() + ahead * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, seconds);
}

t.test(
  'an editor fills the site: a page, a scheduled post, the gallery order, a colour',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser } = await openSiteInBrowser(t);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page, {
      // The app asks who is signed in before the sign-in; a refused colour is part of the flow (the preview is not asked).
      allowStatus: (url, status) => status === 401 && url.endsWith('/api/owner/session'),
    });
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => visitorContext.close());
    const visitor = await visitorContext.newPage();
    const visitorProblems = watchProblems(visitor);

    await signIn(page, base, DEMO_OWNERS.editor);
    const main = page.getByRole('main');
    const nav = page.getByRole('navigation', { name: 'Administration' });
    const preview = page.frameLocator('iframe[title="Preview of the page"]');
    // Each block's "Block added." reads as the last one did, so the block's form closing is what says it is in.
    const addToPage = async () => {
      await main.getByRole('button', { name: 'Add to page' }).click();
      await main.getByRole('form', { name: 'New block' }).waitFor({ state: 'detached' });
      await main.getByRole('status').getByText('Block added.').waitFor();
    };

    // A new page, as a draft, then its blocks.
    await nav.getByRole('link', { name: 'Pages' }).click();
    await main.getByRole('heading', { name: 'Pages' }).waitFor();
    await main.getByLabel('Page title').fill('Visit Us');
    await main.getByRole('button', { name: 'Create page' }).click();
    await main.getByRole('heading', { name: 'Page: Visit Us' }).waitFor();
    t.match(await main.innerText(), 'Draft at');

    // Text, typed into the rich-text editor; the preview follows before it is saved.
    await main.getByRole('button', { name: 'Add block' }).click();
    const text = main.getByRole('textbox', { name: 'Text', exact: true });
    await text.waitFor();
    await text.click();
    await page.keyboard.type('Come and watch the roaster on Tuesday mornings.');
    await previewShows(preview, 'Come and watch the roaster on Tuesday mornings.');
    await main.getByRole('button', { name: 'Bold' }).waitFor();
    await addToPage();

    // An image from the site's pictures.
    await main.getByRole('combobox', { name: 'New block' }).selectOption({ label: 'Image' });
    await main.getByRole('button', { name: 'Add block' }).click();
    // A picture uploaded from the field (the products panel's upload) is added and chosen at once.
    await main
      .getByLabel('Upload a picture')
      .setInputFiles({ name: 'roaster.jpg', mimeType: 'image/jpeg', buffer: await testPicture(800, 600, 'jpeg') });
    await main.getByRole('status').getByText('roaster.jpg is uploaded and chosen.').waitFor();
    t.ok(await main.getByRole('radio', { name: 'roaster.jpg' }).isChecked(), 'the uploaded picture is chosen');
    await main.getByRole('radio', { name: /Stoneware mug in a blue-grey slate glaze/ }).check();
    await main.getByLabel('Caption').fill('Our slate mug');
    await addToPage();

    // The contact form.
    await main.getByRole('combobox', { name: 'New block' }).selectOption({ label: 'Form' });
    await main.getByRole('button', { name: 'Add block' }).click();
    await addToPage();
    const blocks = main.getByRole('list', { name: 'Blocks' }).getByRole('listitem');
    t.same(
      (await blocks.allInnerTexts()).map((line) => line.split(':')[0]),
      ['Text', 'Image', 'Form'],
    );

    // The form goes first, from the keyboard: Alt+Up twice on its block.
    await main.getByRole('button', { name: 'Edit block 3' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await main.getByRole('status').getByText('Block moved to place 2 of 3.').waitFor();
    await page.keyboard.press('Alt+ArrowUp');
    await main.getByRole('status').getByText('Block moved to place 1 of 3.').waitFor();
    t.same(
      (await blocks.allInnerTexts()).map((line) => line.split(':')[0]),
      ['Form', 'Text', 'Image'],
      'the form block moved up twice',
    );
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Edit block 1',
      'the moved block keeps the focus',
    );
    await previewShows(preview, 'Our slate mug');
    await screenshot(page, 'content-1-page-editor-desktop');
    t.same(await wcagViolations(page, { exclude: 'iframe' }), [], 'the page editor passes axe');
    await main.getByRole('button', { name: 'Phone' }).click();
    t.equal(await page.locator('iframe[title="Preview of the page"]').getAttribute('data-device'), 'phone');
    t.equal(
      await page
        .locator('iframe[title="Preview of the page"]')
        .evaluate((frame) => frame.getBoundingClientRect().width),
      390,
      'the preview at phone width',
    );
    await screenshot(page, 'content-2-page-editor-phone');
    await main.getByRole('button', { name: 'Desktop' }).click();

    // Published, a visitor sees it.
    await main.getByRole('button', { name: 'Publish page' }).click();
    await main.getByRole('status').getByText('The page is published.').waitFor();
    await visitor.goto(`${base}/visit-us`);
    await visitor.getByText('Come and watch the roaster on Tuesday mornings.').waitFor();
    t.ok(await visitor.locator('img[alt^="Stoneware mug in a blue-grey slate glaze"]').isVisible(), 'the image');
    t.ok(await visitor.locator('[data-block-type="9"] form').isVisible(), 'the form');
    const order = await visitor
      .locator('.sqs-block[data-block-type]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-block-type')));
    t.same(order, ['9', '2', '5'], 'in the order the editor left them');
    await screenshot(visitor, 'content-3-visitor-sees-the-page');

    // A post scheduled some seconds ahead.
    await nav.getByRole('link', { name: 'Posts' }).click();
    await main.getByRole('heading', { name: 'Posts' }).waitFor();
    await main.getByRole('link', { name: 'New post' }).click();
    await main.getByRole('heading', { name: 'New post' }).waitFor();
    // The empty form is not previewed (a post with no title is one the server refuses), however long the
    // owner looks at it before typing: longer than the preview's 400 ms wait here.
    await main.getByText('The preview updates once the draft is complete.').waitFor();
    await page.waitForTimeout(600);
    await main.getByLabel('Title', { exact: true }).fill('Winter Roast Notes');
    const body = main.getByRole('textbox', { name: 'Body', exact: true });
    await body.click();
    await page.keyboard.type('Darker, sweeter, and on the shelf from today.');
    await main.getByLabel('Tags').fill('winter, roasting');
    await previewShows(preview, 'Darker, sweeter, and on the shelf from today.');
    t.same(await wcagViolations(page, { exclude: 'iframe' }), [], 'the post editor passes axe');
    // From here to the posts list is all that runs before the post's time: on a machine loaded by a
    // full run those steps took more than the 8 s this once allowed, and the list said Published.
    const publishAt = await localInputAhead(page, SCHEDULED_AHEAD_S);
    const due = Date.now() + SCHEDULED_AHEAD_S * 1000;
    await main.getByRole('radio', { name: 'Publish at a date' }).check();
    await main.getByLabel('Publish at', { exact: true }).fill(publishAt);
    await main.getByRole('button', { name: 'Save post' }).click();
    await main.getByRole('status').getByText('The post is scheduled.').waitFor();
    await main.getByRole('heading', { name: 'Post: Winter Roast Notes' }).waitFor();
    // Its time comes: the posts list says so (the server's clock), then the site shows it.
    await nav.getByRole('link', { name: 'Posts' }).click();
    const row = main.getByRole('row', { name: /Winter Roast Notes/ });
    await row.waitFor();
    t.match(await row.innerText(), 'Scheduled', 'scheduled until its time');
    await screenshot(page, 'content-4-post-scheduled');
    const deadline = due + 30_000;
    while (!(await row.innerText()).includes('Published')) {
      if (Date.now() > deadline) throw new Error('the post was not published at its time');
      await page.waitForTimeout(500);
      await nav.getByRole('link', { name: 'Pages' }).click();
      await nav.getByRole('link', { name: 'Posts' }).click();
      await row.waitFor();
    }
    await visitor.goto(`${base}/journal`);
    await visitor.getByRole('link', { name: 'Winter Roast Notes' }).first().click();
    await visitor.getByText('Darker, sweeter, and on the shelf from today.').waitFor();
    await screenshot(visitor, 'content-5-visitor-sees-the-post');

    // The gallery, reordered from the keyboard: the first picture picked up and moved down two places.
    await nav.getByRole('link', { name: 'Gallery' }).click();
    await main.getByRole('heading', { name: 'Gallery' }).waitFor();
    const pictures = main.getByRole('list', { name: 'Pictures in order' }).getByRole('listitem');
    await pictures.first().waitFor();
    const before = await pictures.locator('strong').allInnerTexts();
    const first = main.getByRole('button', { name: `Move ${before[0]}, place 1 of ${before.length}` });
    await first.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await main.getByRole('status').getByText('The new order is saved.').waitFor();
    const after = await pictures.locator('strong').allInnerTexts();
    t.same(after, [before[1], before[2], before[0], ...before.slice(3)], 'the first picture is third');
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed')),
      'false',
      'the handle keeps the focus, put down',
    );
    await screenshot(page, 'content-6-gallery-reordered');
    t.same(await wcagViolations(page, { exclude: 'iframe' }), [], 'the gallery panel passes axe');
    await visitor.goto(`${base}/gallery`);
    const shown = await visitor.locator('main').innerText();
    t.ok(shown.indexOf(before[1]!) < shown.indexOf(before[0]!), 'the site shows the new order');

    // The accent colour: out of bounds, then a colour the preview and the site take.
    await nav.getByRole('link', { name: 'Style' }).click();
    await main.getByRole('heading', { name: 'Style' }).waitFor();
    const accent = main.getByLabel('Accent Color', { exact: true });
    await accent.fill('hsl(400, 50%, 50%)');
    await main.getByText('Hue out of bounds.').waitFor();
    await accent.fill('#1f6f8b');
    const frame = page.frameLocator('iframe[title="Preview of the page"]');
    const previewAccent = () =>
      frame.locator('html').evaluate((html) => getComputedStyle(html).getPropertyValue('--color-accent').trim());
    const until = Date.now() + 15_000;
    while ((await previewAccent().catch(() => '')) !== '#1f6f8b') {
      if (Date.now() > until) throw new Error('the preview did not take the colour');
      await page.waitForTimeout(200);
    }
    await screenshot(page, 'content-7-style-preview');
    t.same(await wcagViolations(page, { exclude: 'iframe' }), [], 'the style panel passes axe');
    await main.getByRole('button', { name: 'Save styles' }).click();
    await main.getByRole('status').getByText('The styles are saved for the whole site.').waitFor();
    await visitor.goto(`${base}/`);
    t.equal(
      await visitor.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
      ),
      '#1f6f8b',
      'the site has the new accent colour',
    );
    await screenshot(visitor, 'content-8-visitor-sees-the-colour');

    // The sign-in's first question (401) is also reported by the console.
    const unexpected = problems.filter((problem) => !problem.includes('status of 401 (Unauthorized)'));
    t.same(unexpected, [], 'nothing broken in the admin app');
    t.same(visitorProblems, [], 'nothing broken on the site');
  },
);
