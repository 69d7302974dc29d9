/**
 * The demo site's paid member area: "Roasting at Home", a short course of
 * lessons (record type 62) from the head roaster. It is a member area like
 * Roasters' Circle, but paid: its way in is buying The Roaster's Notebook
 * (a paywall product, type 5, demo-products.ts) through the cart and
 * checkout, signed in; anyone else gets its access-denied page (106) with
 * the product's price and buy button.
 */
import { COLLECTION_TYPES, RECORD_TYPES } from '../../domain/spec-enums.ts';
import type { DemoCollection, DemoPost } from './demo-types.ts';

export const DEMO_COURSE: DemoCollection = {
  slug: 'roasting-at-home',
  type: COLLECTION_TYPES.generic,
  typeName: 'course',
  title: 'Roasting at Home',
  navigationTitle: 'Roasting at Home',
  description:
    'A members’ course from our head roaster, Nora: three short lessons, from green beans to your first cupping.',
  ordering: 'user-ordered',
  memberOnly: true,
};

/** The product whose purchase opens the course. */
export const DEMO_COURSE_PRODUCT = 'the-roasters-notebook';

const lesson = (fields: Omit<DemoPost, 'author' | 'commentState' | 'likes' | 'recordType'>): DemoPost => ({
  ...fields,
  author: 'nora',
  commentState: 0,
  likes: 0,
  recordType: RECORD_TYPES.lesson,
});

export const DEMO_LESSONS: DemoPost[] = [
  lesson({
    slug: 'green-coffee-and-your-roaster',
    title: 'Lesson 1: Green Coffee and Your Roaster',
    categories: ['Lessons'],
    tags: ['green coffee', 'equipment'],
    excerpt: '<p>What to buy, how to store it, and the three roasters worth starting on.</p>',
    body: [
      '<p>Start with a washed coffee from Central America: dense, even beans that forgive a late turn of the dial.</p>',
      '<h2>Storing green coffee</h2>',
      '<p>Keep it in the bag it came in, in a cool cupboard, away from spices. Green coffee keeps for months; roasted coffee for weeks.</p>',
      '<h2>Choosing a roaster</h2>',
      '<p>A popcorn popper teaches you to listen, a drum roaster to plan. Whichever you pick, roast 100 g at a time while you learn.</p>',
    ].join(''),
    image: 'journal-window-light.svg',
    publishOn: '2026-02-02T14:00:00Z',
  }),
  lesson({
    slug: 'reading-first-crack',
    title: 'Lesson 2: Reading First Crack',
    categories: ['Lessons'],
    tags: ['roasting', 'first crack'],
    excerpt: '<p>The sound that tells you where you are, and what to do in the minute after it.</p>',
    body: [
      '<p>First crack sounds like popcorn, quieter. Note the time it starts: everything after it is development.</p>',
      '<h2>The minute after</h2>',
      '<p>Lower the heat as the cracks speed up. Dropping 60 to 90 seconds after the first crack gives a light roast that still tastes sweet.</p>',
    ].join(''),
    image: 'journal-window-light.svg',
    publishOn: '2026-02-09T14:00:00Z',
  }),
  lesson({
    slug: 'resting-and-cupping',
    title: 'Lesson 3: Resting and Cupping Your Roast',
    categories: ['Lessons'],
    tags: ['cupping', 'resting'],
    excerpt: '<p>Why your coffee tastes better on day three, and how to taste two roasts side by side.</p>',
    body: [
      '<p>Freshly roasted coffee gives off carbon dioxide for days. Rest it at least 48 hours in a bag with a valve.</p>',
      '<h2>Cupping at home</h2>',
      '<p>Grind 12 g of each roast coarsely into a cup, pour 200 g of water just off the boil, wait four minutes, break the crust and taste with a spoon as it cools.</p>',
      '<p>Write down what you taste next to the roast’s times: that notebook is how every roaster learns.</p>',
    ].join(''),
    image: 'journal-window-light.svg',
    publishOn: '2026-02-16T14:00:00Z',
  }),
];
