/**
 * Shared pieces of the page-block tests: form rows made from the demo site's
 * forms (and one form with every builder field type), page-context shaped
 * images and collections, a render helper and a happy-dom parser.
 */
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import type { Form, FormField, PageBlock } from '../../api/db/schema.ts';
import { DEMO_LOCATION } from '../../api/seed/demo-events.ts';
import { DEMO_FORMS } from '../../api/seed/demo-forms.ts';
import { formId } from '../../api/seed/demo-ids.ts';
import type { DemoForm } from '../../api/seed/demo-types.ts';
import type {
  CollectionItems,
  ImageJson,
  PageBlockData,
  PageBlockOptions,
} from '../../renderer/page-blocks/page-block-data.ts';
import { type PageBlocksResult, renderPageBlocks } from '../../renderer/page-blocks/render-page-blocks.ts';

export const WEBSITE_ID = 'website-1';

/** A forms row as the repository returns it. */
export function formRow(demo: DemoForm, id = formId(demo.slug)): Form {
  const { slug: _slug, ...row } = demo;
  return { ...row, id, websiteId: WEBSITE_ID };
}

const demoForm = (slug: string): DemoForm => DEMO_FORMS.find((f) => f.slug === slug)!;

export const CONTACT_FORM = formRow(demoForm('contact'));
export const NEWSLETTER_FORM = formRow(demoForm('newsletter'));

/** Every builder field type of spec section 3, each with the properties the builder lets an owner set. */
export const EVERY_FIELD: FormField[] = [
  {
    id: 'f-text',
    type: 'text',
    title: 'Nickname',
    description: 'What friends call you.',
    placeholder: 'Sam',
    required: true,
  },
  { id: 'f-textarea', type: 'textarea', title: 'Notes', placeholder: 'Anything else', maxLength: 200 },
  { id: 'f-email', type: 'email', title: 'Email', placeholder: 'you@example.com', required: true },
  { id: 'f-number', type: 'number', title: 'Guests', placeholder: '2', required: false },
  { id: 'f-currency', type: 'currency', title: 'Budget', currencySymbol: '€', required: true },
  { id: 'f-website', type: 'website', title: 'Website', placeholder: 'https://' },
  { id: 'f-password', type: 'password', title: 'Password', required: true },
  { id: 'f-twitter', type: 'twitter', title: 'Twitter', description: 'Your handle.' },
  { id: 'f-date', type: 'date', title: 'Date', required: true },
  { id: 'f-time', type: 'time', title: 'Time', required: true },
  { id: 'f-name', type: 'name', title: 'Name', required: true },
  { id: 'f-address', type: 'address', title: 'Address', required: true },
  { id: 'f-phone', type: 'phone', title: 'Phone', showCountryCode: false, required: true },
  { id: 'f-section', type: 'section', title: 'About the event', description: 'Tell us more.', underline: false },
  { id: 'f-radio', type: 'radio', title: 'Size', options: ['Small', 'Large'], required: true },
  { id: 'f-checkbox', type: 'checkbox', title: 'Extras', options: ['Milk', 'Sugar'], required: true },
  { id: 'f-select', type: 'select', title: 'Roast', options: ['Light', 'Dark'], required: false },
  { id: 'f-likert', type: 'likert', title: 'Survey', options: ['Fresh', 'Fast'], required: true },
  { id: 'f-hidden', type: 'hidden', title: 'campaign', key: 'campaign', value: 'none' },
];

export const EVERY_FIELD_FORM: Form = {
  ...CONTACT_FORM,
  id: 'form-every-field',
  name: 'Every field',
  fields: EVERY_FIELD,
};

/** An image in the page-context shape (imageJson). */
export const IMAGE = {
  id: 'image-1',
  assetUrl: '/media/demo/storefront.svg',
  originalSize: '1600x900',
  mediaFocalPoint: { x: 0.5, y: 0.4 },
  altText: '',
  title: 'The shop at 112 Exchange Street',
  filename: 'storefront.svg',
  colorData: undefined,
} satisfies ImageJson;

function contextFixture(name: string): { collection: Record<string, unknown>; items: unknown[]; website: unknown } {
  return JSON.parse(readFileSync(new URL(`../../fixtures/contexts/${name}.json`, import.meta.url), 'utf8'));
}

const store = contextFixture('store-list');
const blog = contextFixture('blog-list');
const gallery = contextFixture('gallery');

const listing = (context: typeof store): CollectionItems => ({
  collection: context.collection as unknown as CollectionItems['collection'],
  items: context.items,
});

export const STORE: CollectionItems = listing(store);
export const JOURNAL: CollectionItems = listing(blog);
export const GALLERY: CollectionItems = listing(gallery);

/** The website object of the page context, with the site's choice of locale money formats. */
export const WEBSITE = { ...(store.website as Record<string, unknown>), useCLDRMoneyFormat: true };

/** One block of each kind, pointing at the data of pageData(). */
export const EVERY_BLOCK: PageBlock[] = [
  { type: 2, html: '<h1 class="owner-heading">Say hello</h1><p>Come by the roastery.</p>' },
  { type: 4, location: DEMO_LOCATION },
  { type: 5, imageId: IMAGE.id, caption: 'The shop and roastery.' },
  { type: 8, collectionId: 'gallery' },
  { type: 9, formId: CONTACT_FORM.id },
  { type: 51, formId: NEWSLETTER_FORM.id },
  { type: 53, label: 'Shop our coffee', href: '/shop' },
  { type: 55, collectionId: 'shop', limit: 3, design: 'grid' },
];

export function pageData(overrides: Partial<PageBlockData> = {}): PageBlockData {
  return {
    forms: new Map([CONTACT_FORM, NEWSLETTER_FORM, EVERY_FIELD_FORM].map((form) => [form.id, form])),
    images: new Map([[IMAGE.id, IMAGE]]),
    summaries: new Map([
      ['shop', STORE],
      ['journal', JOURNAL],
    ]),
    galleries: new Map([['gallery', GALLERY]]),
    website: WEBSITE,
    captchaSiteKey: null,
    ...overrides,
  };
}

export const OPTIONS: PageBlockOptions = { locale: 'en-US', timeZone: 'America/New_York', now: Date.UTC(2026, 0, 15) };

export function render(
  blocks: PageBlock[],
  data: PageBlockData = pageData(),
  options: Partial<PageBlockOptions> = {},
): PageBlocksResult {
  return renderPageBlocks(blocks, data, { ...OPTIONS, ...options });
}

/** The HTML in a happy-dom document, to ask it what a browser (and a screen reader) would see. */
export function parse(html: string): Document {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document as unknown as Document;
}

/** The controls a visitor fills in: every input but hidden ones, selects and textareas. */
export function controlsOf(root: ParentNode): Element[] {
  return [...root.querySelectorAll('input:not([type="hidden"]), select, textarea')];
}

/** The text a control is announced by: its label[for], else nothing (every control here must have one). */
export function labelText(doc: Document, control: Element): string | undefined {
  const label = doc.querySelector(`label[for="${control.id}"]`);
  return label?.textContent?.trim() || undefined;
}
