/**
 * POST to a page (renderer/form-post-routes.ts), a form block sent without
 * script: the discovered form of each page, form-encoded as the browser
 * sends it (crumb and ids as hidden fields) with one part spoiled, the
 * crumb missing or forged, bodies that are huge or not a form, and posts to
 * pages with no form. Every POST to a page counts against the per-address
 * form-submit limit, so each case's visitor has a budget under it; the
 * redirect back is followed, since that page shows the visitor's answers.
 */
import type { FormFacts, SiteFacts } from '../discover-site.ts';
import { HOSTILE_STRINGS, percentEncode, SCRIPT_IMG, SCRIPT_TAG, URL_VALUES } from '../hostile-values.ts';
import type { CaseContext, InputClass, PreparedRequest, ProbeCase } from '../probe-case.ts';
import type { Visitor } from '../visitors.ts';
import { FORM_TYPE, formText, JSON_TYPE, probeCase, write } from './request-helpers.ts';
import { ROUTES } from './routes.ts';

type Fields = Record<string, string | string[]>;

function formFields(form: FormFacts, crumb: string): Fields {
  return {
    crumb,
    'sb-form-id': form.formId,
    'sb-block-id': form.blockId,
    ...Object.fromEntries(form.fields.map((f) => [f.name, f.values])),
  };
}

async function formPost(
  ctx: CaseContext,
  path: string,
  body: string | Buffer,
  options: { contentType?: string | null; crumbHeader?: string | null; cookie?: string | null; visitor?: Visitor } = {},
): Promise<PreparedRequest> {
  const visitor = options.visitor ?? (await ctx.visitors.forWrite('form-submit'));
  const { visitor: _, ...rest } = options;
  return {
    request: write(ctx.host, visitor, 'POST', path, body, { contentType: FORM_TYPE, crumbHeader: null, ...rest }),
    visitor,
    followRedirect: true,
  };
}

export function formPostCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const fields = (
    inputClass: InputClass,
    form: FormFacts,
    change: (crumb: string) => Fields,
    options: { path?: string; encode?: (s: string) => string; cookie?: string | null } = {},
  ) =>
    cases.push(
      probeCase(ROUTES.formPost, inputClass, async (ctx) => {
        const visitor = await ctx.visitors.forWrite('form-submit');
        const body = formText(
          { ...formFields(form, visitor.crumb ?? ''), ...change(visitor.crumb ?? '') },
          options.encode ?? percentEncode,
        );
        return formPost(ctx, options.path ?? form.page, body, { visitor, cookie: options.cookie });
      }),
    );

  for (const form of site.forms) {
    fields('baseline', form, () => ({}));
    fields('baseline', form, () => ({}), { path: `${form.page}?source=probe` });
    // The crumb: missing, forged, twice, or no cookies at all.
    fields('crumb', form, () => ({ crumb: '' }));
    fields('crumb', form, () => ({ crumb: 'forged' }));
    fields('crumb', form, (crumb) => ({ crumb: [crumb, 'forged'] }));
    fields('crumb', form, () => ({ crumb: SCRIPT_TAG }));
    fields('cookie', form, () => ({}), { cookie: null });
    fields('cookie', form, () => ({}), { cookie: 'crumb=forged' });
    // The hidden ids: another form's, none, or not ids.
    fields('wrong-type', form, () => ({ 'sb-form-id': '' }));
    fields('wrong-type', form, () => ({ 'sb-form-id': [form.formId, 'x'] }));
    const other = site.forms.find((f) => f.formId !== form.formId);
    if (other) fields('wrong-type', form, () => ({ 'sb-form-id': other.formId }));
    fields('script', form, () => ({ 'sb-block-id': SCRIPT_IMG }));
    fields('script', form, () => ({ 'sb-block-id': 'block-000000000000"><script>alert(1)</script>' }));
    fields('nul-surrogate', form, () => ({ 'sb-form-id': `${form.formId}\u0000`, 'sb-block-id': '\ud800' }));
    fields('nul-surrogate', form, () => ({ 'g-recaptcha-response': '\u0000\ud800', captchaKey: 'A'.repeat(10_000) }));
    // The page's own query string comes back in the redirect.
    for (const query of [
      `?x=${encodeURIComponent(SCRIPT_TAG)}`,
      '?x=%0D%0ALocation:%20//evil.example',
      '?x=%ED%A0%80%00',
    ]) {
      fields(query.includes('script') ? 'script' : 'nul-surrogate', form, () => ({}), { path: `${form.page}${query}` });
    }
    // Each field with the values that break things most; the rest spread over the fields.
    for (const field of form.fields) {
      for (const value of ['a\u0000b', '\ud800', 'x\udfffy'])
        fields('nul-surrogate', form, () => ({ [field.name]: value }));
      fields('wrong-type', form, () => ({ [field.name]: [...field.values, ...field.values, 'extra'] }));
      fields('wrong-type', form, () => ({ [field.name]: [] }));
    }
    HOSTILE_STRINGS.filter((h) => h.inputClass !== 'nul-surrogate').forEach(({ value, inputClass }, i) => {
      const field = form.fields[i % Math.max(1, form.fields.length)]?.name ?? 'x';
      fields(inputClass, form, () => ({ [field]: value }));
    });
    fields('wrong-type', form, () => ({
      [`${form.fields[0]?.name ?? 'x'}[]`]: 'x',
      ['__proto__']: 'x',
      'constructor[prototype][x]': 'y',
    }));
    fields('wrong-type', form, () => Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, 'x'])));
    // Bodies that are not a form as a browser sends one.
    const raw: [InputClass, string | Buffer, string | null][] = [
      ['malformed-json', '&&&', FORM_TYPE],
      ['malformed-json', `sb-form-id=${form.formId}&%zz=%`, FORM_TYPE],
      ['nul-surrogate', `sb-form-id=${form.formId}&%00=%00&x=%ED%A0%80`, FORM_TYPE],
      ['nul-surrogate', Buffer.from(`sb-form-id=${form.formId}&x=\xff\xfe`, 'latin1'), FORM_TYPE],
      ['huge-body', `sb-form-id=${form.formId}&x=${'x'.repeat(17 * 1024)}`, FORM_TYPE],
      ['huge-body', `sb-form-id=${form.formId}&x=${'x'.repeat(2 * 1024 * 1024)}`, FORM_TYPE],
      ['content-type', JSON.stringify({ 'sb-form-id': form.formId }), JSON_TYPE],
      ['content-type', '{', JSON_TYPE],
      ['content-type', `sb-form-id=${form.formId}`, 'text/plain'],
      [
        'content-type',
        `--x\r\nContent-Disposition: form-data; name="sb-form-id"\r\n\r\n${form.formId}\r\n--x--\r\n`,
        'multipart/form-data; boundary=x',
      ],
      ['content-type', `sb-form-id=${form.formId}`, null],
      ['wrong-type', '', FORM_TYPE],
    ];
    for (const [inputClass, body, contentType] of raw) {
      cases.push(
        probeCase(ROUTES.formPost, inputClass, async (ctx) => {
          const visitor = await ctx.visitors.forWrite('form-submit');
          // The crumb in the header (the check reads it there too), so the body stays as written.
          return formPost(ctx, form.page, body, { visitor, contentType, crumbHeader: visitor.crumb ?? null });
        }),
      );
    }
  }

  // Pages without that form: a real form's fields posted where it is not shown, and plain posts.
  const withForms = new Set(site.forms.map((f) => f.page));
  const item = site.items[0]?.path ?? '/shop/no-such-item';
  const formless = [
    ...site.pages.filter((p) => !withForms.has(p)).slice(0, 8),
    item,
    '/cart',
    '/search?q=mug',
    '/no-such-page',
    '/checkout/order-confirmed',
  ];
  const someForm = site.forms[0];
  for (const path of formless) {
    if (someForm) fields('baseline', someForm, () => ({}), { path });
    cases.push(probeCase(ROUTES.formPost, 'baseline', (ctx) => formPost(ctx, path, 'a=b')));
  }
  for (const { value, inputClass } of URL_VALUES.filter((_, i) => i % 3 === 0)) {
    if (value === '' || !someForm) continue;
    fields(inputClass, someForm, () => ({}), { path: `/${value}` });
  }

  // One address past its limit: 429 is the right answer for the last of these.
  let flooder: Promise<Visitor> | undefined;
  for (let i = 0; i < 13; i++) {
    cases.push(
      probeCase(ROUTES.formPost, 'rate-limit', async (ctx) => {
        flooder ??= ctx.visitors.stranger();
        const visitor = await flooder;
        const form = someForm ? formFields(someForm, visitor.crumb ?? '') : {};
        return formPost(ctx, someForm?.page ?? '/', formText(form, percentEncode), { visitor });
      }),
    );
  }
  return cases;
}
