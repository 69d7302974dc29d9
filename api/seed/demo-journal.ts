/**
 * The demo blog ("Journal"): posts by two authors, with tags, categories,
 * comments (one of them a reply), likes, one starred post and one with
 * comments closed.
 */
import type { DemoPost } from './demo-types.ts';

export const DEMO_POSTS: DemoPost[] = [
  {
    slug: 'slow-mornings-pour-over',
    title: 'Slow Mornings: A Pour-Over Routine for Busy Weekdays',
    author: 'theo',
    categories: ['Brewing'],
    tags: ['pour-over', 'routine', 'house blend'],
    excerpt:
      '<p>Five minutes, one kettle and a scale. The weekday pour-over routine we actually use, and the two changes that make the biggest difference.</p>',
    body: [
      '<p>Most mornings there is no time for ceremony. But a good pour-over takes less time than waiting in line for one, and the routine is half the pleasure.</p>',
      '<h2>What you need</h2>',
      '<ul><li>A cone dripper and paper filter</li><li>A kettle, ideally with a gooseneck</li><li>A kitchen scale</li><li>22 g of coffee, ground like coarse sand</li></ul>',
      '<h2>The routine</h2>',
      '<ol><li>Put the kettle on and rinse the filter with hot water while it heats.</li><li>Add the coffee and pour 50 g of water to wet it all. Wait 30 seconds while it blooms.</li><li>Pour slowly in circles to 350 g total, keeping the water level steady.</li><li>Let it drain. The whole brew should take about three and a half minutes.</li></ol>',
      '<h2>The two changes that matter most</h2>',
      '<p><strong>Weigh, do not scoop.</strong> A scale takes the guesswork out of strength. <strong>Grind fresh.</strong> Even an inexpensive burr grinder beats the best pre-ground coffee.</p>',
      '<p>Our <a href="/shop/house-blend-coffee">House Blend</a> is forgiving while you dial in. Once you have the routine down, try it with a single origin and taste the difference.</p>',
    ].join(''),
    image: 'journal-window-light.svg',
    publishOn: '2026-02-03T13:30:00Z',
    commentState: 1,
    likes: 12,
    comments: [
      {
        slug: 'slow-mornings-1',
        authorName: 'Hannah Reyes',
        authorEmail: 'hannah.reyes@example.com',
        body: 'Weighing instead of scooping changed everything for me. My coffee finally tastes the same two days in a row!',
        addedOn: '2026-02-03T16:12:00Z',
        replies: [
          {
            slug: 'slow-mornings-1-reply',
            authorName: 'Theo Marsh',
            authorEmail: 'theo@example.com',
            body: 'That is exactly it: consistency first, then you can start changing one thing at a time. Happy brewing, Hannah!',
            addedOn: '2026-02-03T18:40:00Z',
          },
        ],
      },
      {
        slug: 'slow-mornings-2',
        authorName: 'Marcus Bell',
        authorUrl: 'https://example.com/marcus',
        body: 'Any tips for a flat-bottom dripper? Should I grind finer than for a cone?',
        addedOn: '2026-02-04T11:05:00Z',
      },
    ],
  },
  {
    slug: 'notes-from-huila',
    title: 'Notes from a Coffee Farm in Huila',
    author: 'nora',
    categories: ['Sourcing'],
    tags: ['colombia', 'farmers', 'harvest'],
    excerpt:
      '<p>Ten days in the hills of southern Colombia with the growers behind our House Blend: picking, drying beds and a lot of very good coffee.</p>',
    body: [
      '<p>The road to Finca La Esperanza climbs for two hours out of Pitalito, past plantain and bamboo, until the air turns cool and every slope is planted in coffee.</p>',
      '<p>Don Arturo and his daughter Luz have farmed these eight hectares for three generations. In March the cherries ripen unevenly, so pickers pass the same tree again and again, taking only the deep red ones.</p>',
      '<blockquote><p>"The coffee tells you when it is ready. You only have to be patient enough to listen." <br>— Luz Ramírez</p></blockquote>',
      '<p>We have bought their washed Caturra for four years now, and this year we agreed a price well above the market, fixed before harvest, so the family can plan their season. You taste it in every cup of House Blend.</p>',
    ].join(''),
    image: 'journal-huila-hills.svg',
    publishOn: '2025-12-09T14:00:00Z',
    starred: true,
    commentState: 1,
    likes: 21,
    comments: [
      {
        slug: 'notes-from-huila-1',
        authorName: 'Priya Shah',
        body: 'Love knowing where my coffee comes from. Would you ever run a trip for customers?',
        addedOn: '2025-12-09T20:31:00Z',
      },
    ],
  },
  {
    slug: 'styling-an-open-shelf',
    title: 'How We Style an Open Kitchen Shelf',
    author: 'theo',
    categories: ['Home'],
    tags: ['ceramics', 'styling', 'kitchen'],
    excerpt:
      '<p>Open shelves look best when they are used every day. A few simple rules for making them calm, useful and easy to keep tidy.</p>',
    body: [
      '<p>Open shelving has a reputation for being hard to keep tidy. The trick is to treat it as storage first and decoration second.</p>',
      '<h2>Our rules</h2>',
      '<ol><li><strong>Everyday things at eye level.</strong> Mugs and bowls you use daily never gather dust.</li><li><strong>Group by colour.</strong> Three or four glazes that share a tone read as one calm block.</li><li><strong>Mix heights.</strong> Stack bowls, stand jars behind them, let one plant trail.</li><li><strong>Leave a gap.</strong> A little empty space is what makes a shelf look considered rather than full.</li></ol>',
      '<p>The mugs in the photo are our <a href="/shop/stoneware-mug">Stoneware Mugs</a> in Terracotta and Oat.</p>',
    ].join(''),
    image: 'journal-open-shelf.svg',
    publishOn: '2025-10-21T14:00:00Z',
    commentState: 0,
    likes: 8,
  },
  {
    slug: 'a-winter-table-for-six',
    title: 'A Winter Table for Six',
    author: 'theo',
    categories: ['Home', 'Gatherings'],
    tags: ['hosting', 'winter', 'candles'],
    excerpt:
      '<p>Linen, low candles and a few branches from the garden. How we set the table for our end-of-year supper, and what we poured after dessert.</p>',
    body: [
      '<p>Every December we close the roastery early and cook for the team. The table is simple: a linen runner, plates that do not quite match and candles low enough to see over.</p>',
      '<p>For greenery we cut a few sprigs of cedar and juniper from the garden and lay them straight on the runner. They smell wonderful as the candles warm them.</p>',
      '<p>After dessert: a French press of our holiday roast, poured into whatever mugs are closest.</p>',
    ].join(''),
    image: 'journal-winter-table.svg',
    publishOn: '2025-12-16T15:00:00Z',
    commentState: 1,
    likes: 5,
    comments: [
      {
        slug: 'a-winter-table-for-six-1',
        authorName: 'Eleanor Kim',
        authorEmail: 'eleanor.kim@example.com',
        body: 'The cedar on the runner is such a good idea. Stealing it for our New Year dinner.',
        addedOn: '2025-12-17T09:14:00Z',
      },
    ],
  },
  {
    slug: 'inside-the-roastery',
    title: 'Inside the Roastery: Meet Our 15-Kilo Drum',
    author: 'nora',
    categories: ['Roasting'],
    tags: ['roastery', 'behind the scenes'],
    excerpt:
      '<p>Every bag we sell passes through one machine. A look at the drum roaster, the cooling tray and the log we keep of every batch.</p>',
    body: [
      '<p>Our roaster is a 15-kilo drum machine, built in 1998 and rebuilt by us in 2021. It runs four mornings a week and roasts about 300 kilos of coffee.</p>',
      '<p>Green coffee goes into the hopper, drops into the hot drum and tumbles for eleven to fourteen minutes. We listen for first crack, watch the colour and check the temperature every thirty seconds.</p>',
      '<p>When a batch is done the beans pour into the cooling tray, where arms sweep them around until they are cool enough to touch. Every batch is logged, and the logs are shared with members of <a href="/shop/the-roasters-notebook">The Roaster\'s Notebook</a>.</p>',
    ].join(''),
    image: 'journal-roaster.svg',
    publishOn: '2026-01-13T14:00:00Z',
    commentState: 1,
    likes: 15,
  },
];
