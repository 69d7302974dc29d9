/**
 * The product gallery island (hydrate/product-gallery/product-gallery.ts) on
 * the golden mug page's markup: a thumbnail's click shows its picture in the
 * stage without following the link, the arrow keys, Home and End move along
 * the strip, and a variant's choice (its picture put first by the variant
 * effects) marks that picture's thumbnail.
 */
import { readFileSync } from 'node:fs';
import { act } from 'react';
import t from 'tap';
import { VARIANT_CHANGE_EVENT } from '../../hydrate/variant-page-effects.ts';
import { createDomEnv, type DomEnv } from './dom-env.ts';

const golden = readFileSync(new URL('../../fixtures/pages/shop--stoneware-mug.html', import.meta.url), 'utf8');
const start = golden.indexOf('<div class="product-gallery" data-product-gallery>');
const end = golden.indexOf('<div class="product__details">', start);
const GALLERY = golden.slice(start, end);

interface Test {
  teardown(fn: () => unknown): void;
}

async function setup(t: Test) {
  const env = await createDomEnv(`<main><div class="product__media">${GALLERY}</main>`);
  t.teardown(() => env.close());
  const stage = env.document.querySelector<HTMLElement>('.product-gallery__stage')!;
  // happy-dom lays nothing out: a stage one picture wide, whose scrollTo is recorded.
  Object.defineProperty(stage, 'clientWidth', { value: 500 });
  const scrolls: number[] = [];
  stage.scrollTo = ((options: ScrollToOptions) => {
    scrolls.push(options.left ?? 0);
    stage.scrollLeft = options.left ?? 0;
  }) as typeof stage.scrollTo;
  await env.mount();
  return { env, stage, scrolls };
}

const thumbs = (env: DomEnv) => [...env.document.querySelectorAll<HTMLAnchorElement>('.product-gallery__thumb')];
const current = (env: DomEnv) => thumbs(env).map((thumb) => thumb.getAttribute('aria-current') === 'true');

t.test('the golden mug page has a stage and a strip of two thumbnails, the first marked', async (t) => {
  t.ok(start > 0 && end > start);
  t.equal(GALLERY.match(/class="product-gallery__slide"/g)?.length, 2);
  t.equal(GALLERY.match(/class="product-gallery__thumb"/g)?.length, 2);
  t.match(
    GALLERY,
    /<a class="product-gallery__thumb" href="#product-image-[0-9a-f]+" data-thumb-for="[0-9a-f]+" aria-current="true">/,
  );
});

t.test("a thumbnail's click shows its picture, without following the link", async (t) => {
  const { env, scrolls } = await setup(t);
  const click = new env.window.MouseEvent('click', { bubbles: true, cancelable: true });
  await act(async () => {
    thumbs(env)[1]!.dispatchEvent(click as unknown as Event);
  });
  t.ok(click.defaultPrevented, 'the page does not jump to the anchor');
  t.same(scrolls, [500], 'the stage scrolls to the second picture');
  t.same(current(env), [false, true]);
});

t.test('arrow keys, Home and End move along the strip and show each picture', async (t) => {
  const { env, scrolls } = await setup(t);
  const key = async (target: HTMLElement, name: string) => {
    const event = new env.window.KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
    await act(async () => {
      target.dispatchEvent(event as unknown as Event);
    });
    return event.defaultPrevented;
  };
  const [first, second] = thumbs(env);
  t.ok(await key(first!, 'ArrowRight'));
  t.equal(env.document.activeElement, second, 'focus moves to the next thumbnail');
  t.same(current(env), [false, true]);
  t.ok(await key(second!, 'ArrowRight'), 'past the end it wraps');
  t.equal(env.document.activeElement, first);
  await key(first!, 'End');
  t.same(current(env), [false, true]);
  await key(second!, 'Home');
  t.same(current(env), [true, false]);
  t.same(scrolls, [500, 0, 500, 0]);
  t.notOk(await key(first!, 'Enter'), 'other keys are left to the link');
});

t.test("a variant's choice marks the thumbnail of the picture it puts first", async (t) => {
  const { env, stage } = await setup(t);
  const list = stage.querySelector('.product-gallery__list')!;
  const [, slate] = [...list.children] as HTMLElement[];
  await act(async () => {
    env.window.dispatchEvent(new env.window.CustomEvent(VARIANT_CHANGE_EVENT, { detail: {} }));
    // What variant-page-effects does after the event: the variant's picture first, the stage at its start.
    list.prepend(slate!);
    stage.scrollLeft = 0;
  });
  t.same(current(env), [false, true], "the slate picture's thumbnail");
});

t.test(
  'a slow smooth scroll marks the picture asked for, not the ones it passes; a swipe marks where it stops',
  async (t) => {
    const { env, stage } = await setup(t);
    // On a busy machine the smooth scroll's frames come further apart than the settling delay.
    stage.scrollTo = (() => {}) as typeof stage.scrollTo;
    const settled = () => new Promise((resolve) => setTimeout(resolve, 200));
    const scrollTo = async (left: number, event: 'scroll' | 'scrollend') => {
      stage.scrollLeft = left;
      stage.dispatchEvent(new env.window.Event(event) as unknown as Event);
      await settled();
    };
    await act(async () => {
      thumbs(env)[1]!.dispatchEvent(
        new env.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
      );
    });
    await scrollTo(100, 'scroll');
    t.same(current(env), [false, true], 'still the second while the stage is on its way');
    await scrollTo(500, 'scrollend');
    t.same(current(env), [false, true]);
    await scrollTo(0, 'scroll');
    t.same(current(env), [true, false], 'a swipe back marks the first once it settles');
  },
);
