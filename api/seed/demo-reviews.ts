/**
 * Reviews of the demo store's products (migration 0027), by product slug:
 * enough for the product pages to show an average, several ratings and the
 * reviews list, and one product with a single review. Products not named
 * here have none, so the empty state is seen too.
 */
import type { FixedDate } from './demo-types.ts';

export interface DemoReview {
  slug: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  authorName: string;
  addedOn: FixedDate;
}

export const DEMO_REVIEWS: Readonly<Record<string, DemoReview[]>> = {
  'house-blend-coffee': [
    {
      slug: 'house-blend-every-morning',
      rating: 5,
      title: 'Our every-morning coffee',
      body: 'Sweet, nutty and never bitter, even from our old drip machine. The subscription has arrived on time every month since October.',
      authorName: 'Priya N.',
      addedOn: '2025-11-04T15:20:00Z',
    },
    {
      slug: 'house-blend-good-value',
      rating: 4,
      title: 'Good value for the quality',
      body: 'A touch darker than I expected from the tasting notes, but a very good cup. The 2 lb bag lasts us about three weeks.',
      authorName: 'Tom',
      addedOn: '2025-12-10T09:05:00Z',
    },
    {
      slug: 'house-blend-pour-over',
      rating: 5,
      title: 'Lovely as a pour-over',
      body: 'Followed the 22 g to 350 g recipe on the page and got red apple and chocolate, just as promised.',
      authorName: 'Marta K.',
      addedOn: '2026-01-18T18:40:00Z',
    },
  ],
  'stoneware-mug': [
    {
      slug: 'stoneware-mug-keeps-warm',
      rating: 5,
      title: 'Keeps coffee warm',
      body: 'Heavy in the hand, with a glaze that is even nicer in person. It has been through the dishwasher many times without a mark.',
      authorName: 'Daniel R.',
      addedOn: '2025-10-22T12:00:00Z',
    },
    {
      slug: 'stoneware-mug-smaller',
      rating: 3,
      title: 'Smaller than I thought',
      body: 'Beautiful mug, but it holds a little less than my usual one. Check the size before you order.',
      authorName: 'Alex',
      addedOn: '2026-02-02T08:30:00Z',
    },
  ],
  'walnut-serving-board': [
    {
      slug: 'walnut-board-gift',
      rating: 5,
      title: 'A wedding present that got noticed',
      body: 'The grain is gorgeous and it arrived oiled and ready to use. Our friends asked where it came from.',
      authorName: 'Sam W.',
      addedOn: '2025-12-01T16:45:00Z',
    },
  ],
};
