import { act } from 'react';
import t from 'tap';
import { createDomEnv, type DomEnv } from './dom-env.ts';

const money = (value: string) => ({ currency: 'USD', value });
const VARIANTS = [
  {
    id: 'v-s-oat',
    sku: 'THROW-S-OAT',
    price: 9800,
    salePrice: 0,
    priceMoney: money('98.00'),
    onSale: false,
    unlimited: false,
    qtyInStock: 6,
    attributes: { Size: 'Throw', Color: 'Oatmeal' },
    mainImageId: 'img-oat',
  },
  {
    id: 'v-s-moss',
    sku: 'THROW-S-MOSS',
    price: 9800,
    salePrice: 7900,
    priceMoney: money('98.00'),
    onSale: true,
    unlimited: false,
    qtyInStock: 3,
    attributes: { Size: 'Throw', Color: 'Moss' },
    mainImageId: 'img-moss',
  },
  {
    id: 'v-xl-moss',
    sku: 'THROW-XL-MOSS',
    price: 128000,
    salePrice: 0,
    priceMoney: money('1280.00'),
    onSale: false,
    unlimited: false,
    qtyInStock: 0,
    attributes: { Size: 'Oversized', Color: 'Moss' },
    mainImageId: null,
  },
];
const attr = (value: unknown) => JSON.stringify(value).replaceAll('"', '&quot;');

function option(name: string, values: string[]) {
  const choices = values.map((v) => `<option value="${v}">${v}</option>`).join('');
  const radios = values
    .map(
      (v) =>
        `<input type="radio" class="variant-radiobtn" value="${v}" name="variant-option-${name}" id="variant-option-${name}-${v}"/><label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-${name}-${v}">${v}</label>`,
    )
    .join('');
  return `<div class="variant-option"><div class="variant-option-title">${name}: </div>
<div class="variant-select-wrapper"><select aria-label="Select ${name}" data-variant-option-name="${name}"><option value="">Select ${name}</option>${choices}</select></div>
<div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">${radios}</div></div>`;
}

function productHtml(display = 'radio') {
  return `<article class="product" data-item-id="item1">
<div class="product-gallery" tabindex="0"><ul class="product-gallery__list"><li class="product-gallery__slide" data-image-id="img-oat">oat</li><li class="product-gallery__slide" data-image-id="img-moss">moss</li></ul></div>
<div class="product__price-row"><div class="product-price">
from $98.00
</div><div class="product-mark sale">sale</div></div>
<div class="product__purchase" data-variant-display="${display}">
<div class="product-scarcity" data-variant-attributes="${attr({ Size: 'Throw', Color: 'Moss' })}" hidden>Only 3 left in stock</div>
<div class="product-variants" data-item-id="item1" data-variants="${attr(VARIANTS)}">${option('Size', ['Throw', 'Oversized'])}${option('Color', ['Oatmeal', 'Moss'])}</div>
<div class="product-quantity-input" data-item-id="item1"><input aria-label="Quantity" type="number" value="1"></div>
<div class="sqs-add-to-cart-button-wrapper"><div class="sqs-add-to-cart-button" role="button" tabindex="0" data-item-id="item1" data-product-type="1" data-original-label="Add To Cart"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div></div>
<div class="product-restock-notification" data-product-id="item1" data-variant-id="v-xl-moss" hidden>Get notified</div>
</div></article>`;
}

async function setup(t: Test, display?: string) {
  const env = await createDomEnv(productHtml(display));
  t.teardown(() => env.close());
  await env.mount({ timings: { addedDelayMs: 0, addedHoldMs: 0, errorResetMs: 0 } });
  return env;
}

type Test = Parameters<
  Parameters<typeof t.test>[0] extends infer F ? (F extends (t: infer T) => unknown ? (t: T) => void : never) : never
>[0];

const $ = <E extends Element = HTMLElement>(env: DomEnv, selector: string) => env.document.querySelector<E>(selector);
const radio = (env: DomEnv, name: string, value: string) =>
  $<HTMLInputElement>(env, `.variant-radiobtn-wrapper[data-variant-option-name="${name}"] input[value="${value}"]`)!;
const select = (env: DomEnv, name: string) => $<HTMLSelectElement>(env, `select[data-variant-option-name="${name}"]`)!;
const clickRadio = (env: DomEnv, name: string, value: string) => act(async () => radio(env, name, value).click());
async function pick(env: DomEnv, name: string, value: string) {
  await act(async () => {
    const element = select(env, name);
    element.value = value;
    element.dispatchEvent(new env.window.Event('change', { bubbles: true }) as unknown as Event);
  });
}
const priceText = (env: DomEnv) => $(env, '.product-price')!.textContent!.replace(/\s+/g, ' ').trim();
const visibleMarks = (env: DomEnv) =>
  Array.from(env.document.querySelectorAll<HTMLElement>('.product-mark'))
    .filter((mark) => !mark.hidden)
    .map((mark) => mark.textContent);
const firstSlide = (env: DomEnv) => $(env, '.product-gallery__slide')!.dataset.imageId;
const live = (env: DomEnv) => $(env, '.product-variants [aria-live]')!.textContent;

t.test('the template picks radios; each option is a labelled radio group kept in step with its select', async (t) => {
  const env = await setup(t);
  const picker = $(env, '.product-variants')!;
  t.equal(picker.dataset.variantDisplay, 'radio');
  const groups = env.document.querySelectorAll<HTMLElement>('[role="radiogroup"]');
  t.equal(groups.length, 2);
  const title = env.document.getElementById(groups[0]!.getAttribute('aria-labelledby')!);
  t.equal(title?.textContent?.trim(), 'Size:');
  for (const label of env.document.querySelectorAll('.variant-radiobtn + label')) {
    t.notOk(label.hasAttribute('tabindex'), 'the radio itself takes focus, not its label');
    t.equal(env.document.getElementById(label.getAttribute('for')!)?.getAttribute('type'), 'radio');
  }

  await clickRadio(env, 'Size', 'Throw');
  t.equal(select(env, 'Size').value, 'Throw', 'the select follows the radio');
  t.equal(priceText(env), 'from $98.00', 'one option of two changes nothing yet');
  await pick(env, 'Color', 'Oatmeal');
  t.ok(radio(env, 'Color', 'Oatmeal').checked, 'the radio follows the select');
});

t.test('without a preference the select is shown', async (t) => {
  const env = await setup(t, 'select');
  t.equal($(env, '.product-variants')!.dataset.variantDisplay, 'select');
});

t.test('a chosen variant shows its price, mark, stock and picture; clearing restores the page', async (t) => {
  const env = await setup(t);
  await clickRadio(env, 'Size', 'Throw');
  await clickRadio(env, 'Color', 'Oatmeal');
  t.equal(priceText(env), '$98.00');
  t.same(visibleMarks(env), [], 'no sale on this variant');
  t.equal(firstSlide(env), 'img-oat');
  t.equal(live(env), '$98.00');

  await clickRadio(env, 'Color', 'Moss');
  t.equal(priceText(env), 'Sale Price:$79.00 Original Price:$98.00');
  t.equal($(env, '.product-price .original-price')?.textContent, '$98.00');
  t.same(visibleMarks(env), ['sale']);
  t.equal(firstSlide(env), 'img-moss', 'the variant picture comes first');
  t.notOk($(env, '.product-scarcity')!.hidden, 'its scarcity message shows');
  t.equal(live(env), '$79.00, sale, was $98.00');

  await clickRadio(env, 'Size', 'Oversized');
  t.equal(priceText(env), '$1,280.00');
  t.same(visibleMarks(env), ['sold out'], 'sold out wins');
  t.notOk($(env, '.product-restock-notification')!.hidden, 'the restock form for it shows');
  t.ok($(env, '.product-scarcity')!.hidden);
  t.equal(firstSlide(env), 'img-moss', 'no picture of its own: the gallery stays');
  t.equal(live(env), '$1,280.00, sold out');

  await pick(env, 'Size', '');
  t.equal(priceText(env), 'from $98.00');
  t.same(visibleMarks(env), ['sale'], "the server's mark is back");
  t.ok($(env, '.product-restock-notification')!.hidden);
});

t.test('add to cart sends the sku of the radios chosen', async (t) => {
  const env = await setup(t);
  await clickRadio(env, 'Size', 'Throw');
  await clickRadio(env, 'Color', 'Moss');
  env.replies.push({
    status: 200,
    body: { shoppingCart: { totalQuantity: 1, subtotalCents: '7900', currency: 'USD', entries: [] } },
  });
  await act(async () => $(env, '.sqs-add-to-cart-button')!.click());
  const post = env.calls.find((call) => call.method === 'POST');
  t.match(post?.body, { itemId: 'item1', sku: 'THROW-S-MOSS', quantity: 1 });
});

t.test('bad variant data leaves a picker that finds nothing to show', async (t) => {
  const env = await createDomEnv(productHtml().replace(/data-variants="[^"]*"/, 'data-variants="{oops"'));
  t.teardown(() => env.close());
  await env.mount();
  await clickRadio(env, 'Size', 'Throw');
  await clickRadio(env, 'Color', 'Moss');
  t.equal(priceText(env), 'from $98.00');
  t.equal(live(env), '');
});
