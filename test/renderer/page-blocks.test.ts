import t from 'tap';
import type { PageBlock } from '../../api/db/schema.ts';
import { blockDataNeeds } from '../../renderer/page-blocks/block-data-needs.ts';
import { BLOCK_TEMPLATE_NAMES, blockTemplate } from '../../renderer/page-blocks/block-templates.ts';
import { BLOCK_KINDS } from '../../renderer/page-blocks/block-types.ts';
import { FORM_FIELD_TYPES } from '../../renderer/page-blocks/form-field-views.ts';
import { MAX_BLOCKS_PER_LAYOUT } from '../../renderer/page-blocks/layout-blocks.ts';
import {
  CONTACT_FORM,
  controlsOf,
  EVERY_BLOCK,
  EVERY_FIELD_FORM,
  IMAGE,
  JOURNAL,
  labelText,
  NEWSLETTER_FORM,
  pageData,
  parse,
  render,
  STORE,
} from './page-blocks-helpers.ts';

const codes = (errors: readonly { code: string }[]) => errors.map((e) => e.code);

t.test('every block template compiles without errors', async (t) => {
  for (const name of BLOCK_TEMPLATE_NAMES) t.same(blockTemplate(name).errors, [], name);
});

t.test('every block kind renders in its wrapper', async (t) => {
  const { html, errors } = render(EVERY_BLOCK);
  t.same(errors, []);
  const doc = parse(html);
  const wrappers = [...doc.querySelectorAll('body > div.sqs-block')];
  t.equal(wrappers.length, EVERY_BLOCK.length, 'one wrapper per block, in order');
  EVERY_BLOCK.forEach((block, i) => {
    const wrapper = wrappers[i]!;
    const kind = BLOCK_KINDS[block.type];
    t.ok(wrapper.classList.contains(`${kind}-block`), `${kind} class`);
    t.equal(wrapper.getAttribute('data-block-type'), String(block.type));
    t.match(wrapper.id, /^block-[0-9a-f]{12}$/);
  });
  t.equal(new Set(wrappers.map((w) => w.id)).size, wrappers.length, 'block ids are unique');
});

t.test('html block keeps the owner HTML as is', async (t) => {
  const doc = parse(render([{ type: 2, html: '<h1 class="owner-heading">Say <em>hello</em></h1>' }]).html);
  t.equal(doc.querySelector('.html-block h1.owner-heading em')?.textContent, 'hello');
});

t.test('map block: an address card with an OpenStreetMap link, nothing embedded', async (t) => {
  const doc = parse(render([EVERY_BLOCK[1]!]).html);
  const card = doc.querySelector('.map-block address.map-card')!;
  t.equal(card.querySelector('.map-card__title')?.textContent, 'Fernwood Roastery');
  t.equal(card.querySelector('.map-card__lines')?.innerHTML, '112 Exchange Street<br>Portland, ME 04101');
  t.equal(card.querySelector('.map-card__country')?.textContent, 'United States');
  const link = card.querySelector('a')!;
  t.equal(
    link.getAttribute('href'),
    'https://www.openstreetmap.org/?mlat=43.6579&mlon=-70.2553#map=15/43.6579/-70.2553',
  );
  t.match(link.textContent, /View on OpenStreetMap.*Fernwood Roastery/);
  t.equal(doc.querySelectorAll('iframe, script, img').length, 0);

  const noCoordinates = parse(
    render([{ type: 4, location: { addressLine1: '1 Main St', mapLat: 200, mapLng: 0 } }]).html,
  );
  t.equal(noCoordinates.querySelectorAll('a').length, 0, 'no link without usable coordinates');
  t.equal(noCoordinates.querySelector('.map-card__lines')?.textContent, '1 Main St');
});

t.test('image block: a figure with a lazy img sized from originalSize and a caption', async (t) => {
  const doc = parse(render([{ type: 2, html: '<p>Before it.</p>' }, EVERY_BLOCK[2]!]).html);
  const img = doc.querySelector('.image-block figure > img')!;
  t.equal(img.getAttribute('src'), IMAGE.assetUrl);
  t.equal(img.getAttribute('width'), '1600');
  t.equal(img.getAttribute('height'), '900');
  t.equal(img.getAttribute('alt'), IMAGE.title, 'alt falls back to the title when altText is empty');
  t.equal(img.getAttribute('loading'), 'lazy');
  t.equal(img.getAttribute('decoding'), 'async');
  t.equal(doc.querySelector('.image-block figcaption')?.textContent, 'The shop and roastery.');

  const withAlt = pageData({ images: new Map([[IMAGE.id, { ...IMAGE, altText: 'Shop front', originalSize: 'x' }]]) });
  const own = parse(render([{ type: 5, imageId: IMAGE.id }], withAlt).html);
  const ownImg = own.querySelector('img')!;
  t.equal(ownImg.getAttribute('alt'), 'Shop front', "the owner's alt text wins");
  t.notOk(ownImg.hasAttribute('width'), 'no width from an unreadable size');
  t.equal(own.querySelectorAll('figcaption').length, 0, 'no caption when none is set');
  t.equal(ownImg.getAttribute('fetchpriority'), 'high', "the page's first block is fetched at once (a hero)");
  t.notOk(ownImg.hasAttribute('loading'), 'not lazily');
});

t.test('button block: a link styled as a button', async (t) => {
  const doc = parse(render([EVERY_BLOCK[6]!]).html);
  const link = doc.querySelector('.button-block a.button')!;
  t.equal(link.getAttribute('href'), '/shop');
  t.equal(link.textContent, 'Shop our coffee');
});

t.test('summary block: heading link, items up to the limit, product prices and marks', async (t) => {
  const doc = parse(render([{ type: 55, collectionId: 'shop', limit: 2, design: 'grid' }]).html);
  const section = doc.querySelector('.summary-v2-block section.summary.summary--grid')!;
  const heading = section.querySelector('h2 a')!;
  t.equal(heading.getAttribute('href'), STORE.collection.fullUrl);
  t.equal(heading.textContent, STORE.collection.title);
  t.equal(section.getAttribute('aria-labelledby'), section.querySelector('h2')!.id);
  const items = [...section.querySelectorAll('li.summary-item')];
  t.equal(items.length, 2, 'limit');
  const first = items[0]!;
  t.equal(first.querySelector('h3 a')?.textContent, 'Ceramic Pour-Over Dripper');
  t.equal(first.querySelector('img')?.getAttribute('src'), '/media/demo/pour-over-dripper-white.svg');
  t.equal(first.querySelector('.product-mark.sale')?.textContent, 'sale');
  t.match(first.querySelector('.product-price')?.textContent, /Sale Price:\$29\.00.*Original Price:\$38\.00/s);
  t.equal(first.querySelectorAll('.summary-item__excerpt').length, 0, 'products show a price, not an excerpt');

  const dripper = STORE.items[0] as { structuredContent: { variants: object[] } };
  const soldOut = {
    ...dripper,
    structuredContent: {
      ...dripper.structuredContent,
      variants: dripper.structuredContent.variants.map((v) => ({ ...v, unlimited: false, qtyInStock: 0 })),
    },
  };
  const data = pageData({ summaries: new Map([['shop', { ...STORE, items: [soldOut] }]]) });
  const marks = parse(render([{ type: 55, collectionId: 'shop', limit: 1, design: 'grid' }], data).html);
  t.equal(marks.querySelector('.product-mark')?.className, 'product-mark sold-out', 'sold out wins over sale');

  const list = parse(render([{ type: 55, collectionId: 'journal', limit: 1, design: 'carousel' }]).html);
  const strip = list.querySelector('.summary--carousel .summary__items')!;
  t.equal(strip.getAttribute('role'), 'region');
  t.equal(strip.getAttribute('tabindex'), '0');
  const post = strip.querySelector('li')!;
  t.ok(post.querySelector('.summary-item__excerpt p'), 'the excerpt HTML');
  t.equal(post.querySelector('time')?.textContent, 'November 14, 2026', 'date in the site time zone');
  t.equal(post.querySelectorAll('.product-price').length, 0);
  t.ok(JOURNAL.items.length > 1);
});

t.test('summary block: an event reads when it happens as one interval, as the events pages do', async (t) => {
  // 6:30 to 9 pm in New York: the end is the next day in UTC, which same-day? would have counted as two days.
  const harbor = {
    id: 'event-1',
    recordType: 12,
    title: 'Harbor Night',
    fullUrl: '/events/harbor-night',
    startDate: Date.parse('2027-07-09T18:30:00-04:00'),
    endDate: Date.parse('2027-07-09T21:00:00-04:00'),
  };
  const data = pageData({
    summaries: new Map([['events', { collection: { ...JOURNAL.collection, title: 'Events' }, items: [harbor] }]]),
  });
  const doc = parse(render([{ type: 55, collectionId: 'events', limit: 3, design: 'list' }], data).html);
  const when = doc.querySelector('.summary-item__date time')!;
  t.equal(when.textContent?.replace(/\s+/g, ' '), 'Friday, July 9, 2027 at 6:30 – 9:00 PM EDT');
  t.equal(when.getAttribute('datetime'), '2027-07-09T18:30:00-04:00', 'the start, machine-readable');
});

t.test('gallery block: the collection images laid out by its options', async (t) => {
  const doc = parse(render([EVERY_BLOCK[3]!]).html);
  const gallery = doc.querySelector('.gallery-block .gallery.gallery--grid.gallery--crop')!;
  t.match(gallery.getAttribute('style'), /--gallery-columns: 3; --gallery-gap: 16px; --gallery-ratio: 4 \/ 3/);
  const links = [...gallery.querySelectorAll('li a.gallery__link')];
  t.ok(links.length > 1);
  t.equal(links[0]!.getAttribute('href'), '/gallery/roaster-at-dawn');
  t.equal(
    links[0]!.querySelector('img')?.getAttribute('alt'),
    'Our 15 kg drum roaster warming up before the first batch',
  );

  const odd = pageData({
    galleries: new Map([
      [
        'gallery',
        {
          ...pageData().galleries.get('gallery')!,
          collection: {
            id: 'g',
            title: 'G',
            fullUrl: '/g',
            typeName: 'gallery',
            galleryOptions: { design: 'slider', 'thumbnails-per-row': 99, padding: -4, 'aspect-ratio': 'nope' },
          },
        },
      ],
    ]),
  });
  const slider = parse(render([EVERY_BLOCK[3]!], odd).html).querySelector('.gallery')!;
  t.ok(slider.classList.contains('gallery--slider'));
  t.equal(slider.getAttribute('tabindex'), '0', 'a scrolling strip is reachable by keyboard');
  t.match(
    slider.getAttribute('style'),
    /--gallery-columns: 10; --gallery-gap: 0px; --gallery-ratio: 1 \/ 1/,
    'spec ranges',
  );
});

t.test('the demo contact form: every control labelled, required marks, counter', async (t) => {
  const { html, errors } = render([{ type: 9, formId: CONTACT_FORM.id }]);
  t.same(errors, []);
  const doc = parse(html);
  const form = doc.querySelector('form')!;
  t.equal(form.getAttribute('data-form-id'), CONTACT_FORM.id);
  t.equal(form.getAttribute('data-block-type'), '9');
  t.ok(form.hasAttribute('novalidate'));
  t.equal(doc.getElementById(form.getAttribute('aria-labelledby')!)?.textContent, 'Contact Us');

  for (const field of CONTACT_FORM.fields) {
    const el = form.querySelector(`[data-field-id="${field.id}"]`);
    t.ok(el, `${field.type} field rendered`);
    t.equal(el?.getAttribute('data-field-type'), field.type);
  }

  const controls = controlsOf(form);
  t.ok(controls.length > 20);
  for (const control of controls) {
    t.ok(labelText(doc, control), `${control.id} has a label[for]`);
    t.equal(control.getAttribute('name') !== null, true, `${control.id} has a name`);
  }
  for (const fieldset of form.querySelectorAll('fieldset')) {
    t.ok(fieldset.querySelector(':scope > legend')?.textContent?.trim(), 'every fieldset has a legend');
  }
  const ids = [...doc.querySelectorAll('[id]')].map((e) => e.id);
  t.equal(new Set(ids).size, ids.length, 'ids are unique');
  for (const el of form.querySelectorAll('[aria-describedby]')) {
    for (const id of el.getAttribute('aria-describedby')!.split(' ')) t.ok(doc.getElementById(id), `${id} exists`);
  }

  // Required: a visible mark, and required + aria-required on the controls that must be filled.
  for (const field of CONTACT_FORM.fields.filter((f) => f.type !== 'hidden' && f.type !== 'section')) {
    const el = form.querySelector(`[data-field-id="${field.id}"]`)!;
    const marked = el.querySelector('.field-required') !== null;
    t.equal(marked, field.required === true, `${field.title} required mark`);
    t.equal(el.getAttribute('data-required') === 'true', field.required === true);
  }
  const email = form.querySelector('input[type="email"]')!;
  t.ok(email.hasAttribute('required'));
  t.equal(email.getAttribute('aria-required'), 'true');
  t.equal(email.getAttribute('autocomplete'), 'email');
  const nameParts = form.querySelectorAll(`[data-field-id="${CONTACT_FORM.fields[0]!.id}"] input`);
  t.equal(nameParts.length, 2);
  for (const part of nameParts) t.ok(part.hasAttribute('required'));
  t.equal(form.querySelector('select')?.getAttribute('aria-required'), 'true');

  // Descriptions are tied to their control or fieldset.
  const phone = form.querySelector('[data-field-type="phone"]')!;
  const hint = phone.querySelector('.field-hint')!;
  t.equal(hint.textContent, 'Only if you would rather we called you back.');
  t.ok(phone.getAttribute('aria-describedby')!.split(' ').includes(hint.id));
  t.equal(phone.querySelectorAll('input').length, 4, 'country code, then 3 parts');
  t.equal(phone.querySelector('input')?.getAttribute('autocomplete'), 'tel-country-code');

  // Each field has an empty, hidden error slot before its control, tied to it.
  for (const slot of form.querySelectorAll('.field-error')) {
    t.ok(slot.hasAttribute('hidden'));
    t.equal(slot.textContent, '');
    t.ok(form.querySelector(`[aria-describedby~="${slot.id}"]`), `${slot.id} is described-by`);
  }

  const textarea = form.querySelector('textarea')!;
  const counter = doc.getElementById(textarea.getAttribute('data-counter-id')!)!;
  t.equal(counter.textContent, '0 / 1000');
  t.equal(counter.getAttribute('data-max-length'), '1000');
  t.ok(textarea.getAttribute('aria-describedby')!.split(' ').includes(counter.id));
  t.notOk(textarea.hasAttribute('maxlength'), 'the visitor may go over; the island flags it');

  const status = form.querySelector('[role="status"]')!;
  t.equal(status.getAttribute('aria-live'), 'polite');
  t.equal(form.querySelectorAll('[data-form-notice]').length, 2, 'notices above and below the form');
  t.match(form.querySelector('.form-disclaimer')?.textContent, /We use your details only/);
  const submit = form.querySelector('button[type="submit"]')!;
  t.equal(submit.textContent, 'Submit');
  const success = form.querySelector('template.form-success') as HTMLTemplateElement;
  t.match(success.innerHTML, /Thank you! We read every message/);
  t.ok(success.content.querySelector('a[href="/journal"]'), 'the submission HTML, kept for the island');
  t.equal(form.querySelectorAll('.captcha-container').length, 0, 'captcha is off for this form');

  const likert = form.querySelector('[data-field-type="likert"]')!;
  const statements = likert.querySelectorAll('fieldset.likert__question');
  t.equal(statements.length, 3);
  const answers = [...statements[0]!.querySelectorAll('input[type="radio"]')];
  t.same(
    answers.map((a) => a.getAttribute('value')),
    ['-2', '-1', '0', '1', '2'],
  );
  t.same(
    answers.map((a) => labelText(doc, a)),
    ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'],
  );
  t.equal(likert.querySelector('.field-required'), null, 'likert has no required check (spec section 5)');
});

t.test('every builder field type renders its controls', async (t) => {
  const { html, errors } = render([{ type: 9, formId: EVERY_FIELD_FORM.id }]);
  t.same(errors, []);
  const doc = parse(html);
  const form = doc.querySelector('form')!;
  const field = (type: string) => form.querySelector(`[data-field-type="${type}"]`)!;
  for (const type of FORM_FIELD_TYPES) t.ok(form.querySelector(`[data-field-type="${type}"]`), type);
  for (const control of controlsOf(form)) t.ok(labelText(doc, control), `${control.id} has a label[for]`);

  t.equal(field('text').querySelector('input')?.getAttribute('placeholder'), 'Sam');
  t.equal(field('number').querySelector('input')?.getAttribute('inputmode'), 'decimal');
  const currency = field('currency');
  t.equal(currency.querySelector('.field-prefix')?.textContent, '€');
  t.ok(
    currency
      .querySelector('input')!
      .getAttribute('aria-describedby')!
      .includes(currency.querySelector('.field-prefix')!.id),
  );
  t.equal(field('website').querySelector('input')?.getAttribute('type'), 'url');
  t.equal(field('password').querySelector('input')?.getAttribute('type'), 'password');
  t.equal(field('twitter').querySelector('.field-prefix')?.textContent, '@');
  t.equal(field('textarea').querySelector('.field-counter')?.textContent, '0 / 200');

  const partLabels = (type: string) => [...field(type).querySelectorAll('.field-part-label')].map((l) => l.textContent);
  t.same(partLabels('date'), ['Month', 'Day', 'Year']);
  t.same(partLabels('time'), ['Hour', 'Minute', 'AM/PM']);
  t.same(partLabels('name'), ['First Name', 'Last Name']);
  t.same(partLabels('address'), [
    'Address Line 1',
    'Address Line 2',
    'City',
    'State/Province',
    'Zip/Postal Code',
    'Country',
  ]);
  t.same(partLabels('phone'), ['Area Code', 'Prefix', 'Line Number'], 'no country code unless asked for');
  t.same(
    [...field('address').querySelectorAll('input')].map((i) => i.hasAttribute('required')),
    [true, false, true, true, true, true],
    'address line 2 is optional',
  );
  t.same(
    [...field('address').querySelectorAll('input')].map((i) => i.getAttribute('name')),
    Array(6).fill('f-address'),
    'parts share the field id as name, in order',
  );
  t.same(
    [...field('time').querySelectorAll('select option')].map((o) => o.textContent),
    ['AM', 'PM'],
  );

  const radio = field('radio');
  t.equal(radio.tagName, 'FIELDSET');
  t.equal(radio.getAttribute('role'), 'radiogroup');
  t.equal(radio.getAttribute('aria-required'), 'true');
  t.equal(radio.querySelector('.field-required')?.getAttribute('aria-hidden'), 'true');
  const checkbox = field('checkbox');
  t.equal(checkbox.querySelectorAll('input[type="checkbox"][required]').length, 0, 'a group cannot require each box');
  t.notOk(checkbox.querySelector('.field-required')?.hasAttribute('aria-hidden'), 'so its mark is read out');
  t.equal(field('select').querySelector('option')?.textContent, 'Select Value');

  const section = field('section');
  t.equal(section.querySelector('h3')?.textContent, 'About the event');
  t.equal(section.querySelector('p')?.textContent, 'Tell us more.');
  t.equal(section.querySelectorAll('hr').length, 0, 'no underline unless set');
  t.equal(section.querySelectorAll('input, label').length, 0);
  t.equal(field('likert').querySelectorAll('fieldset').length, 2);

  const hidden = field('hidden');
  t.equal(hidden.getAttribute('type'), 'hidden');
  t.equal(hidden.getAttribute('value'), 'none');
});

t.test('a hidden field takes its value from the page query string by its name', async (t) => {
  const queryString = new URLSearchParams('source=spring-mailer&other=1');
  const doc = parse(render([{ type: 9, formId: CONTACT_FORM.id }], pageData(), { queryString }).html);
  const hidden = doc.querySelector('input[data-field-type="hidden"]')!;
  t.equal(hidden.getAttribute('value'), 'spring-mailer');
  t.equal(hidden.getAttribute('name'), CONTACT_FORM.fields.at(-1)!.id);
  const fallback = parse(render([{ type: 9, formId: CONTACT_FORM.id }]).html);
  t.equal(fallback.querySelector('input[data-field-type="hidden"]')?.getAttribute('value'), 'contact-page');
});

t.test('newsletter form, captcha, submit label and success redirect', async (t) => {
  const captcha = {
    ...NEWSLETTER_FORM,
    captchaEnabled: true,
    captchaTheme: 'dark' as const,
    successRedirect: '/thanks',
    storage: { submitButtonText: 'Sign up' },
  };
  const data = pageData({ forms: new Map([[captcha.id, captcha]]), captchaSiteKey: 'site-key-1' });
  const doc = parse(render([{ type: 51, formId: captcha.id }], data).html);
  const form = doc.querySelector('.newsletter-block form[data-block-type="51"]')!;
  t.equal(form.getAttribute('data-success-redirect'), '/thanks');
  t.equal(form.querySelector('button[type="submit"]')?.textContent, 'Sign up');
  t.equal(form.querySelectorAll('[data-form-notice]').length, 0, 'notices are for other forms');
  const container = form.querySelector('.captcha-container')!;
  t.equal(container.getAttribute('data-sitekey'), 'site-key-1');
  t.equal(container.getAttribute('data-theme'), 'dark');
  t.equal(container.getAttribute('data-size'), 'normal');
  t.equal(container.getAttribute('data-alignment'), 'center');

  const noKey = parse(render([{ type: 51, formId: captcha.id }], pageData({ forms: data.forms })).html);
  t.equal(noKey.querySelectorAll('.captcha-container').length, 0, 'no captcha without a site key');
});

t.test('missing references render a comment and an error, never throw', async (t) => {
  const blocks: PageBlock[] = [
    { type: 9, formId: 'gone' },
    { type: 51, formId: 'gone' },
    { type: 5, imageId: 'gone' },
    { type: 8, collectionId: 'gone' },
    { type: 55, collectionId: 'gone', limit: 3, design: 'list' },
    { type: 99, html: 'x' } as unknown as PageBlock,
    null as unknown as PageBlock,
  ];
  const { html, errors } = render(blocks);
  t.same(codes(errors), [
    'MISSING_FORM',
    'MISSING_FORM',
    'MISSING_IMAGE',
    'MISSING_COLLECTION',
    'MISSING_COLLECTION',
    'UNKNOWN_BLOCK_TYPE',
    'UNKNOWN_BLOCK_TYPE',
  ]);
  t.match(errors[0]!.message, "Block 0 (form) uses form 'gone', which does not exist");
  t.match(errors[2]!.message, "image 'gone'");
  const doc = parse(html);
  t.equal(doc.querySelectorAll('.sqs-block').length, 0, 'nothing but comments');
  t.equal(doc.body.textContent?.trim(), '');
  const comments = html.match(/<!--[\s\S]*?-->/g) ?? [];
  t.equal(comments.length, blocks.length);
  t.match(comments[0], /form block block-[0-9a-f]{12} left out: form not found/);
  t.notMatch(html, /gone/, 'stored ids stay out of the page source');
});

t.test('odd stored data does not throw', async (t) => {
  const odd = { ...CONTACT_FORM, fields: 'nope' as unknown as [] };
  const strange = {
    ...CONTACT_FORM,
    id: 'strange',
    fields: [null, 5, { id: 'x', type: 'signature', title: 'Sign' }, { id: 'y', type: 'text', title: 'Ok' }] as never,
  };
  const data = pageData({
    forms: new Map([
      [odd.id, odd],
      [strange.id, strange],
    ]),
  });
  const blocks = [
    { type: 9, formId: odd.id },
    { type: 9, formId: strange.id },
    { type: 55, collectionId: 'shop', limit: Number.NaN, design: 'mosaic' },
    { type: 2, html: 42 },
    { type: 4 },
  ] as unknown as PageBlock[];
  const { html, errors } = render(blocks, data);
  t.same(codes(errors), ['UNKNOWN_FIELD_TYPE']);
  t.match(errors[0]!.message, "field 'x' has type 'signature'");
  const doc = parse(html);
  t.equal(doc.querySelectorAll('.sqs-block').length, 5);
  t.equal(doc.querySelectorAll('form')[1]!.querySelectorAll('[data-field-id]').length, 1, 'the other fields stay');
  t.ok(doc.querySelector('.summary--grid'), 'an unknown design falls back to grid');
});

t.test('a layout shows at most 60 blocks (spec section 9)', async (t) => {
  const blocks: PageBlock[] = Array.from({ length: MAX_BLOCKS_PER_LAYOUT + 2 }, (_, i) => ({
    type: 2,
    html: `<p>${i}</p>`,
  }));
  const { html, errors } = render(blocks);
  t.equal(parse(html).querySelectorAll('.sqs-block').length, MAX_BLOCKS_PER_LAYOUT);
  t.same(codes(errors), ['TOO_MANY_BLOCKS']);
  t.equal(errors[0]!.message, 'The page has 62 blocks; only the first 60 are shown');
});

t.test('blockDataNeeds lists each record once', async (t) => {
  const blocks: PageBlock[] = [
    { type: 9, formId: 'contact' },
    { type: 2, html: '' },
    { type: 51, formId: 'news' },
    { type: 51, formId: 'contact' },
    { type: 5, imageId: 'a' },
    { type: 5, imageId: 'b' },
    { type: 5, imageId: 'a' },
    { type: 55, collectionId: 'shop', limit: 3, design: 'grid' },
    { type: 55, collectionId: 'journal', limit: 2, design: 'list' },
    { type: 55, collectionId: 'shop', limit: 6, design: 'carousel' },
    { type: 8, collectionId: 'gallery' },
    { type: 8, collectionId: 'gallery' },
    { type: 53, label: 'x', href: '/' },
    { type: 4, location: {} },
    { type: 77 } as unknown as PageBlock,
  ];
  t.same(blockDataNeeds(blocks), {
    formIds: ['contact', 'news'],
    imageIds: ['a', 'b'],
    summaries: [
      { collectionId: 'shop', limit: 6 },
      { collectionId: 'journal', limit: 2 },
    ],
    galleries: ['gallery'],
  });
  t.same(blockDataNeeds([]), { formIds: [], imageIds: [], summaries: [], galleries: [] });
  const many: PageBlock[] = Array.from({ length: MAX_BLOCKS_PER_LAYOUT + 1 }, (_, i) => ({
    type: 5,
    imageId: `i${i}`,
  }));
  t.equal(blockDataNeeds(many).imageIds.length, MAX_BLOCKS_PER_LAYOUT, 'blocks past the limit need nothing');
});

t.test('the same blocks render to the same HTML', async (t) => {
  const first = render(EVERY_BLOCK).html;
  const again = render(structuredClone(EVERY_BLOCK), pageData()).html;
  t.equal(again, first);
  const edited = render([{ ...EVERY_BLOCK[0]!, html: '<p>Changed</p>' } as PageBlock, ...EVERY_BLOCK.slice(1)]).html;
  const idsOf = (html: string) => [...parse(html).querySelectorAll('.sqs-block')].map((e) => e.id);
  t.not(idsOf(edited)[0], idsOf(first)[0], 'an edited block gets a new id');
  t.same(idsOf(edited).slice(1), idsOf(first).slice(1), 'the others keep theirs');

  const twice = parse(
    render([
      { type: 9, formId: CONTACT_FORM.id },
      { type: 9, formId: CONTACT_FORM.id },
    ]).html,
  );
  const ids = [...twice.querySelectorAll('[id]')].map((e) => e.id);
  t.equal(new Set(ids).size, ids.length, 'the same form twice on a page shares no id');
});

t.test('pages make no third-party requests', async (t) => {
  const doc = parse(render(EVERY_BLOCK).html);
  t.equal(doc.querySelectorAll('iframe, script, link, object, embed').length, 0);
  for (const el of doc.querySelectorAll('[src]')) t.match(el.getAttribute('src'), /^\/(?!\/)/, 'same-origin src');
});

t.test("owner strings are escaped; the html block's HTML is kept", async (t) => {
  const evil = '<img src=x onerror=alert(1)>"&\'';
  const form = {
    ...EVERY_FIELD_FORM,
    name: evil,
    disclaimerMessage: evil,
    submissionMessage: evil,
    fields: EVERY_FIELD_FORM.fields.map((f) => ({
      ...f,
      title: `${f.title} ${evil}`,
      description: f.type === 'hidden' ? undefined : evil,
      placeholder: f.placeholder === undefined ? undefined : evil,
      options: f.options?.map((o) => `${o}${evil}`),
      currencySymbol: f.currencySymbol === undefined ? undefined : evil,
      value: f.type === 'hidden' ? evil : undefined,
    })),
  };
  const evilCollection = { ...JOURNAL.collection, title: evil };
  const data = pageData({
    forms: new Map([[form.id, form]]),
    images: new Map([[IMAGE.id, { ...IMAGE, altText: evil }]]),
    summaries: new Map([
      [
        'journal',
        { collection: evilCollection, items: [{ ...(JOURNAL.items[0] as object), title: evil, fullUrl: evil }] },
      ],
    ]),
  });
  const blocks: PageBlock[] = [
    { type: 2, html: '<p class="kept">owner <strong>HTML</strong></p>' },
    { type: 4, location: { addressTitle: evil, addressLine1: evil, addressCountry: evil, mapLat: 1, mapLng: 2 } },
    { type: 5, imageId: IMAGE.id, caption: evil },
    { type: 9, formId: form.id },
    { type: 53, label: evil, href: evil },
    { type: 55, collectionId: 'journal', limit: 1, design: 'carousel' },
  ];
  const { html, errors } = render(blocks, data, { queryString: new URLSearchParams({ campaign: evil }) });
  t.same(errors, []);
  const doc = parse(html);
  t.ok(doc.querySelector('.html-block p.kept strong'), 'html block markup is kept');
  t.equal(doc.querySelectorAll('img').length, 2, 'no img element from owner text (the picture and the post image)');
  t.equal(doc.querySelectorAll('[onerror]').length, 0);
  t.equal(doc.querySelector('.form-block__title')?.textContent, evil, 'form name is text');
  t.equal(doc.querySelector('.map-card__title')?.textContent, evil);
  t.equal(doc.querySelector('.image-block img')?.getAttribute('alt'), evil, 'alt survives as an attribute');
  t.equal(doc.querySelector('figcaption')?.textContent, evil);
  t.equal(doc.querySelector('.button-block a')?.textContent, evil);
  t.equal(doc.querySelector('.button-block a')?.getAttribute('href'), evil);
  t.equal(doc.querySelector('.summary__title a')?.textContent, evil);
  t.equal(doc.querySelector('.summary-item__title a')?.textContent, evil);
  t.equal(doc.querySelector('.summary__items')?.getAttribute('aria-label'), `${evil}, scroll sideways`);
  t.equal(doc.querySelector('[data-field-type="text"] .field-hint')?.textContent, evil, 'descriptions are text');
  t.equal(doc.querySelector('[data-field-type="text"] input')?.getAttribute('placeholder'), evil);
  t.equal(doc.querySelector('[data-field-type="currency"] .field-prefix')?.textContent, evil);
  t.equal(doc.querySelector('[data-field-type="select"] option[value^="Light"]')?.textContent, `Light${evil}`);
  t.equal(doc.querySelector('[data-field-type="radio"] input')?.getAttribute('value'), `Small${evil}`);
  t.equal(doc.querySelector('[data-field-type="likert"] fieldset')?.getAttribute('data-question'), `Fresh${evil}`);
  t.equal(
    doc.querySelector('input[data-field-type="hidden"]')?.getAttribute('value'),
    evil,
    'query-string value stays a value',
  );
  t.equal(doc.querySelector('.form-disclaimer')?.textContent, evil);
  const success = doc.querySelector('template.form-success') as HTMLTemplateElement;
  t.equal(success.content.querySelector('.form-success__message')?.textContent, evil);
  t.equal(success.content.querySelectorAll('img').length, 0);
});
