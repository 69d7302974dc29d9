/**
 * POST /checkout (renderer/checkout-routes.ts), the form that works without
 * script: a valid form on a cart of its own with one field spoiled, so the
 * bad value goes as far as the order when the form lets it; then the
 * redirect is followed, since the confirmation page shows what was typed.
 * Each order takes stock, so the cross product is kept to the values that
 * break things most (NUL, surrogates) and the rest are spread over fields.
 */
import { HOSTILE_STRINGS, type Hostile, percentEncode, SCRIPT_TAG, URL_VALUES } from '../hostile-values.ts';
import type { CaseContext, InputClass, PreparedRequest, ProbeCase } from '../probe-case.ts';
import { FORM_TYPE, formText, probeCase, write } from './request-helpers.ts';
import { ROUTES } from './routes.ts';

export const VALID_CHECKOUT_FORM: Readonly<Record<string, string>> = {
  email: 'probe.buyer@example.com',
  name: 'Probe Buyer',
  addressLine1: '1 Fore Street',
  addressLine2: '',
  city: 'Portland',
  postalCode: '04101',
  region: 'ME',
  country: 'US',
  // The test payment provider's card that succeeds (api/payments/test-cards.ts).
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/49',
  cardCvc: '123',
};

/** No cart answers to it: the page that says the cart is empty. */
export const NO_SUCH_CART = '000000000000000000000000';

const EMAILS: Hostile<string>[] = [
  { value: `x${SCRIPT_TAG}@example.com`, inputClass: 'script' },
  { value: "x'or'1'='1@example.com", inputClass: 'sql' },
  { value: 'a\u0000b@example.com', inputClass: 'nul-surrogate' },
  { value: 'a\ud800@example.com', inputClass: 'nul-surrogate' },
  { value: `${'a'.repeat(250)}@example.com`, inputClass: 'number-limits' },
];

/** Form fields with the visitor's crumb; `fresh` gets a cart of its own, otherwise no cart answers. */
export async function checkoutRequest(
  ctx: CaseContext,
  fields: Record<string, string | string[]>,
  options: { fresh: boolean; encode?: (s: string) => string },
): Promise<PreparedRequest> {
  const visitor = await ctx.visitors.forWrite('checkout');
  const cartToken = (options.fresh ? await ctx.freshCartToken() : undefined) ?? NO_SUCH_CART;
  // The crumb as the page's form carries it: a hidden field, not a header.
  const form = { crumb: visitor.crumb ?? '', cartToken, ...fields };
  const body = formText(form, options.encode ?? percentEncode);
  return {
    request: write(ctx.host, visitor, 'POST', '/checkout', body, { contentType: FORM_TYPE, crumbHeader: null }),
    visitor,
    followRedirect: true,
  };
}

export function checkoutCases(): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const post = (inputClass: InputClass, fields: Record<string, string | string[]>, fresh: boolean) =>
    cases.push(probeCase(ROUTES.checkout, inputClass, (ctx) => checkoutRequest(ctx, fields, { fresh })));

  post('baseline', { ...VALID_CHECKOUT_FORM }, true);
  post('baseline', { ...VALID_CHECKOUT_FORM }, false);
  post('baseline', {}, false);

  const fieldNames = Object.keys(VALID_CHECKOUT_FORM);
  const breaking = HOSTILE_STRINGS.filter((h) => h.inputClass === 'nul-surrogate');
  const others = HOSTILE_STRINGS.filter((h) => h.inputClass !== 'nul-surrogate');
  for (const field of fieldNames) {
    for (const { value, inputClass } of breaking) post(inputClass, { ...VALID_CHECKOUT_FORM, [field]: value }, true);
  }
  others.forEach(({ value, inputClass }, i) => {
    post(inputClass, { ...VALID_CHECKOUT_FORM, [fieldNames[i % fieldNames.length]!]: value }, true);
    // The same value where the form is refused: it comes back in the page, so it must be escaped there.
    post(
      inputClass,
      { ...VALID_CHECKOUT_FORM, email: 'not an email', [fieldNames[(i + 1) % fieldNames.length]!]: value },
      false,
    );
  });
  for (const { value, inputClass } of EMAILS) post(inputClass, { ...VALID_CHECKOUT_FORM, email: value }, true);

  // The cart token: ids that are not ids (URL_VALUES are written into the body already encoded).
  for (const { value, inputClass } of URL_VALUES) {
    cases.push(
      probeCase(ROUTES.checkout, inputClass, (ctx) =>
        checkoutRequest(
          ctx,
          { ...VALID_CHECKOUT_FORM, cartToken: value },
          { fresh: false, encode: (s) => (s === value ? s : percentEncode(s)) },
        ),
      ),
    );
  }

  // The form's shape: fields twice, as arrays, missing, or not a form at all.
  post('wrong-type', { ...VALID_CHECKOUT_FORM, name: ['First Name', 'Second Name'] }, true);
  post('wrong-type', { ...VALID_CHECKOUT_FORM, 'name[]': 'x', 'email[a]': 'y' }, false);
  post('wrong-type', { ...VALID_CHECKOUT_FORM, ['__proto__']: 'x', 'constructor[prototype][x]': 'y' }, false);
  post('wrong-type', { email: VALID_CHECKOUT_FORM.email! }, true);
  post('wrong-type', Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, 'x'])), false);
  const rawBodies: [InputClass, string][] = [
    ['malformed-json', '&&&'],
    ['malformed-json', '='],
    ['malformed-json', '%'],
    ['malformed-json', 'email=%zz&name=%'],
    ['nul-surrogate', 'email=a%ED%A0%80b&name=%00&%00=%00'],
    ['nul-surrogate', 'name=%FF%FE&city=%C0%80'],
    ['malformed-json', '{"email":"probe.buyer@example.com"}'],
    ['huge-body', `name=${'x'.repeat(17 * 1024)}`],
    ['huge-body', `name=${'x'.repeat(2 * 1024 * 1024)}`],
    ['wrong-type', ''],
  ];
  for (const [inputClass, body] of rawBodies) {
    cases.push(
      probeCase(ROUTES.checkout, inputClass, async (ctx) => {
        const visitor = await ctx.visitors.forWrite('checkout');
        return {
          // The crumb goes in the header (the check reads it there too), so the body stays as written.
          request: write(ctx.host, visitor, 'POST', '/checkout', body, { contentType: FORM_TYPE }),
          visitor,
          followRedirect: true,
        };
      }),
    );
  }
  return cases;
}
