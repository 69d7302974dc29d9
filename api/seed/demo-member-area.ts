/**
 * The demo site's member area and locked page. "Roasters' Circle" is a
 * member-only blog (a member area, page type 106 to anyone else) that the
 * demo member already belongs to and any site user can join for free;
 * "Wholesale" is a page behind a password (page type 103). The password is
 * in the README; being public, it opens nothing but this demo page.
 */
import { createHash } from 'node:crypto';
import { COLLECTION_TYPES } from '../../domain/spec-enums.ts';
import type { DemoCollection, DemoPost } from './demo-types.ts';

export const DEMO_MEMBER_AREA: DemoCollection = {
  slug: 'roasters-circle',
  type: COLLECTION_TYPES.generic,
  typeName: 'blog',
  title: "Roasters' Circle",
  navigationTitle: "Roasters' Circle",
  description: 'Notes from the roastery for members: early releases, roast logs and tasting sessions.',
  ordering: 'chronological',
  memberOnly: true,
};

export const DEMO_MEMBER_POSTS: DemoPost[] = [
  {
    slug: 'spring-roast-log',
    title: 'Spring Roast Log: Dialing In the Huila Lot',
    author: 'nora',
    categories: ['Roasting'],
    tags: ['roast log', 'colombia'],
    excerpt: '<p>Six batches, three profiles and the one we are shipping to members first.</p>',
    body: [
      '<p>This spring’s Huila lot arrived denser than last year’s, so the first two batches came out flat. Here is what we changed.</p>',
      '<h2>The profile we kept</h2>',
      '<p>A longer drying phase (4:30 instead of 3:50) and first crack at 8:40, dropped 75 seconds later. Sweet, with red apple and cocoa.</p>',
      '<p>Members get the first 40 bags, a week before the shop.</p>',
    ].join(''),
    image: 'journal-window-light.svg',
    publishOn: '2026-03-10T14:00:00Z',
    commentState: 0,
    likes: 0,
  },
];

export const DEMO_LOCKED_PAGE: DemoCollection & { password: string } = {
  slug: 'wholesale',
  type: COLLECTION_TYPES.page,
  typeName: 'page',
  title: 'Wholesale',
  navigationTitle: 'Wholesale',
  description: 'Prices and terms for cafés and shops.',
  ordering: 'chronological',
  password: 'fernwood-wholesale',
  blocks: [
    {
      type: 2,
      html: [
        '<h2>Wholesale price list</h2>',
        '<p>House Blend, 5 lb bag: $62. Single origins, 5 lb bag: from $78. Free delivery in Portland on orders over $200.</p>',
        '<p>Write to wholesale@fernwood.test to open an account.</p>',
      ].join(''),
    },
  ],
};

/** The locked page's salt, fixed so every load of the demo site is the same rows; the password is public anyway. */
export const DEMO_LOCKED_PAGE_SALT = createHash('sha256').update('demo:locked-page-salt').digest().subarray(0, 16);
