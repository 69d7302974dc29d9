import t from 'tap';
import type { InstallmentSettings, WebsiteSettings } from '../../api/db/schema.ts';
import type { WebsiteWithSettings } from '../../api/repositories/website-repository.ts';
import { installmentContextJson } from '../../renderer/page-context/installment-context-json.ts';
import { openDemoApp } from '../site/demo-app.ts';

const DEMO_CONTEXT = {
  afterPayAvailable: true,
  afterPayMin: '100',
  afterPayMax: '200000',
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};

/** Only the settings the context is built from matter here. */
function site(installments: unknown, language = 'en-US'): WebsiteWithSettings {
  const settings = { language, storeSettings: installments === undefined ? {} : { installments } };
  return { settings: settings as unknown as WebsiteSettings } as WebsiteWithSettings;
}

t.test('the context comes from the store settings and the website language', async (t) => {
  const saved: InstallmentSettings = { available: true, min: '100', max: '200000', accountCountry: 'US' };
  t.same(installmentContextJson(site(saved)), DEMO_CONTEXT);
  t.same(installmentContextJson(site({ ...saved, accountCountry: 'GB' }, 'en-GB')), {
    ...DEMO_CONTEXT,
    shopperLanguage: 'en-GB',
    stripeAccountCountry: 'GB',
  });
  t.same(installmentContextJson(site({ ...saved, available: false })), { ...DEMO_CONTEXT, afterPayAvailable: false });
});

t.test('no settings, or unusable ones, turn installments off with a readable context', async (t) => {
  const off = { ...DEMO_CONTEXT, afterPayAvailable: false };
  t.same(installmentContextJson(site(undefined)), {
    ...off,
    afterPayMin: '0',
    afterPayMax: '0',
    stripeAccountCountry: '',
  });
  const saved = { available: true, min: '100', max: '200000', accountCountry: 'US' };
  t.same(installmentContextJson(site({ ...saved, min: '1.00' })), { ...off, afterPayMin: '0' }, 'a decimal minimum');
  t.same(installmentContextJson(site({ ...saved, max: null })), { ...off, afterPayMax: '0' }, 'no maximum');
  t.same(installmentContextJson(site({ ...saved, accountCountry: '' })), { ...off, stripeAccountCountry: '' });
  t.same(installmentContextJson(site({ ...saved, available: 'yes' })), off, 'only true turns it on');
});

const decodeAttribute = (value: string) =>
  value.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');

t.test('the demo product page carries the context to its installment slot', async (t) => {
  const { app } = await openDemoApp(t);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

  const json = JSON.parse((await get('/shop/stoneware-mug?format=json')).body);
  t.same(json.item.installmentContext, DEMO_CONTEXT, 'the item has the spec fields');

  const page = await get('/shop/stoneware-mug');
  t.equal(page.statusCode, 200);
  const slot = page.body.match(/<div class="product__installments"[^>]*>/)?.[0] ?? '';
  t.match(slot, /data-installment-message/);
  t.match(slot, /data-product-type="1"/);
  t.match(slot, /data-price-cents="\d+"/);
  t.match(slot, /data-currency="USD"/);
  const context = slot.match(/data-installment-context="([^"]*)"/)?.[1];
  t.same(JSON.parse(decodeAttribute(context ?? '')), DEMO_CONTEXT, 'readable JSON in one attribute');

  const digital = await get('/shop/home-barista-field-guide');
  t.notMatch(digital.body, /data-installment-message/, 'no slot for a digital product');
  const post = JSON.parse((await get('/journal/inside-the-roastery?format=json')).body);
  t.equal(post.item.installmentContext, undefined, 'only products have the context');
});
