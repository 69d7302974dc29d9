import { Window } from 'happy-dom';
import t from 'tap';
import { formId } from '../../api/seed/demo-ids.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { buildApp } from '../../renderer/app.ts';
import { openTestDatabase } from '../api/helpers/test-database.ts';
import { TEST_SECRET } from '../api-http/api-helpers.ts';
import { DEMO_NOW, openDemoApp } from './demo-app.ts';

const SCOOP = '/shop/walnut-coffee-scoop';
const host = { host: 'localhost' };

interface FormJson {
  id: string;
  name: string;
  disclaimerMessage: string;
  fields: { id: string }[];
}

interface ItemJson {
  id: string;
  urlId: string;
  structuredContent: { additionalFieldsFormId?: string; additionalFieldsForm?: FormJson };
  additionalFieldsFormHtml?: string;
}

function parse(html: string): Document {
  const window = new Window({ url: 'http://localhost/' });
  window.document.write(html);
  return window.document as unknown as Document;
}

// The first two tests only read pages, so they share a server; the third changes products and has its own.
const readOnly = await openDemoApp(t);

t.test('a product with a form: structuredContent, the use-form button and the fields template', async (t) => {
  const { app, warnings } = readOnly;
  const context = (await app.inject({ url: `${SCOOP}?format=json`, headers: host })).json() as { item: ItemJson };
  const item = context.item;
  const content = item.structuredContent;
  const form = content.additionalFieldsForm!;
  t.equal(content.additionalFieldsFormId, formId('engraving'));
  t.same(Object.keys(form).sort(), ['disclaimerMessage', 'fields', 'id', 'name'], 'public parts only');
  t.match(form, {
    id: formId('engraving'),
    name: 'Engraving',
    disclaimerMessage: 'Engraved scoops are made to order and cannot be returned.',
    fields: [
      { type: 'text', title: 'Engraving text', required: false },
      { type: 'radio', title: 'Lettering', options: ['Serif capitals', 'Handwritten script'], required: true },
    ],
  });

  const page = await app.inject({ url: SCOOP, headers: host });
  t.equal(page.statusCode, 200);
  const doc = parse(page.body);
  const button = doc.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
  t.ok(button.classList.contains('use-form'), 'the button asks for the form');
  t.same(JSON.parse(button.dataset.form!), form, 'data-form is the form JSON');

  const templates = doc.querySelectorAll<HTMLTemplateElement>('template[data-additional-fields-form]');
  t.equal(templates.length, 1);
  const template = templates[0]!;
  t.equal(template.dataset.itemId, item.id, 'tied to the product');
  t.ok(template.closest('.product__purchase'), 'next to the purchase controls');
  const fields = template.content;
  const [text, radio] = form.fields;
  const prefix = `additional-fields-${item.id}-`;
  const textInput = fields.querySelector<HTMLInputElement>(`input[name="${text!.id}"]`)!;
  t.equal(textInput.id, `${prefix}${text!.id}`, 'control ids carry the item id, so no other form on the page has them');
  t.equal(textInput.placeholder, 'e.g. First Pour');
  t.equal(fields.querySelector(`label[for="${textInput.id}"]`)?.textContent, 'Engraving text');
  const group = fields.querySelector<HTMLElement>(`fieldset[data-field-id="${radio!.id}"]`)!;
  t.equal(group.dataset.required, 'true');
  t.equal(group.getAttribute('role'), 'radiogroup');
  t.same(
    Array.from(group.querySelectorAll<HTMLInputElement>('input[type="radio"]'), (input) => input.value),
    ['Serif capitals', 'Handwritten script'],
  );
  t.equal(fields.querySelectorAll('.field-error[hidden]').length, 2, 'an empty error slot per field');
  t.equal(doc.querySelectorAll(`[id^="${prefix}"]`).length, 0, 'the page itself holds no copy of the controls');
  t.same(warnings, []);
});

t.test('products without a form, and list pages', async (t) => {
  const { app } = readOnly;
  const mug = await app.inject({ url: '/shop/stoneware-mug', headers: host });
  const doc = parse(mug.body);
  t.notOk(doc.querySelector('.sqs-add-to-cart-button')!.classList.contains('use-form'));
  t.equal(doc.querySelector('template[data-additional-fields-form]'), null);
  const mugContext = (await app.inject({ url: '/shop/stoneware-mug?format=json', headers: host })).json() as {
    item: ItemJson;
  };
  t.equal(mugContext.item.structuredContent.additionalFieldsForm, undefined);
  t.equal(mugContext.item.additionalFieldsFormHtml, undefined);

  const list = (await app.inject({ url: '/shop?format=json', headers: host })).json() as { items: ItemJson[] };
  const scoop = list.items.find((entry) => entry.urlId === 'walnut-coffee-scoop')!;
  t.equal(scoop.structuredContent.additionalFieldsForm?.name, 'Engraving', 'lists carry the form too');
  t.equal(scoop.additionalFieldsFormHtml, undefined, 'but only the item page renders its fields');
});

t.test('a list page loads its products’ forms in one query, however many products name one', async (t) => {
  const handle = await openTestDatabase(t, { demoSite: true });
  let queries = 0;
  const counted = handle.db.withPlugin({
    transformQuery: (args) => {
      queries += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const app = await buildApp({
    secret: TEST_SECRET,
    db: counted,
    contentClock: handle.contentClock,
    templateDir: undefined,
    templatesRoot: new URL('../../templates', import.meta.url).pathname,
    development: false,
    now: () => DEMO_NOW,
  });
  t.teardown(() => app.close());
  // Each setting changes content, so the page cache never answers and every count is a full render.
  const countShop = async (form: string | null, where: 'all' | 'scoop') => {
    let update = handle.db
      .updateTable('products')
      .set({ additionalFieldsFormId: form })
      .where('websiteId', '=', DEMO_WEBSITE_ID);
    if (where === 'scoop') {
      const scoop = await handle.db
        .selectFrom('items')
        .select('id')
        .where('websiteId', '=', DEMO_WEBSITE_ID)
        .where('urlId', '=', 'walnut-coffee-scoop')
        .executeTakeFirstOrThrow();
      update = update.where('itemId', '=', scoop.id);
    }
    await update.execute();
    queries = 0;
    const response = await app.inject({ url: '/shop', headers: host });
    t.equal(response.statusCode, 200);
    t.equal(response.headers['x-page-cache'], undefined, 'rendered, not cached');
    return queries;
  };
  const none = await countShop(null, 'all');
  const one = await countShop(formId('engraving'), 'scoop');
  const every = await countShop(formId('engraving'), 'all');
  t.equal(one, none + 1, 'a product naming a form adds one query');
  t.equal(every, one, 'more products naming forms add none');
  t.equal(await countShop(null, 'all'), none, 'without forms the page runs the queries it ran before');
});
