/**
 * The donate page's amounts island (hydrate/islands/donate-amounts.tsx),
 * mounted on the donate page's markup: typing one's own amount ticks
 * "Another amount", ticking a preset clears what was typed, and ticking
 * "Another amount" moves on to its field.
 */
import { act } from 'react';
import t from 'tap';
import { createDomEnv, settle, settleUntil } from './dom-env.ts';

// The island is a chunk of its own (hydrate/island-registry.ts); loaded here once, as a browser would have it cached.
await import('../../hydrate/islands/donate-amounts.tsx');

const AMOUNTS = `<form><fieldset class="checkout-address donate-amounts" data-donate-amounts>
  <legend>Amount</legend>
  <ul role="list">
    <li><input type="radio" id="donate-amount-0" name="amount" value="1000"><label for="donate-amount-0">$10.00</label></li>
    <li><input type="radio" id="donate-amount-1" name="amount" value="2500" checked><label for="donate-amount-1">$25.00</label></li>
    <li><input type="radio" id="donate-amount-custom" name="amount" value="custom"><label for="donate-amount-custom">Another amount</label></li>
  </ul>
  <label for="donate-custom-amount">Your amount (USD)</label>
  <input id="donate-custom-amount" name="customAmount" type="text" value="">
</fieldset></form>`;

t.test('typing an amount ticks Another amount; a preset clears it', async (t) => {
  const env = await createDomEnv(`<main>${AMOUNTS}</main>`, undefined, 'https://shop.example/donate/about');
  t.teardown(() => env.close());
  await env.mount();
  await settleUntil(() => env.document.querySelector('.donate-amounts-island') !== null);
  const byId = (id: string) => env.document.getElementById(id) as HTMLInputElement;
  const custom = byId('donate-custom-amount');
  // The chunk arrives after the mount: type until the island answers.
  const type = async (text: string) =>
    act(async () => {
      custom.value = text;
      custom.dispatchEvent(new env.window.Event('input', { bubbles: true }) as unknown as Event);
    });
  for (let tries = 0; tries < 200 && !byId('donate-amount-custom').checked; tries++) {
    await type('40');
    await settle(10);
  }
  t.equal(byId('donate-amount-custom').checked, true, 'Another amount is ticked');
  t.equal(byId('donate-amount-1').checked, false, 'the preset is not');

  await act(async () => byId('donate-amount-0').click());
  t.equal(custom.value, '', 'a preset clears the typed amount');
  t.equal(byId('donate-amount-0').checked, true);

  await act(async () => byId('donate-amount-custom').click());
  t.equal(env.document.activeElement, custom, 'Another amount goes on to its field');
});
