/**
 * The demo store: its categories and products. Between them the products
 * cover every case a product page or block has to render: all five product
 * types, options and variants, sold out, on sale, low stock (scarcity), a
 * subscription, an additional-fields form and custom add-button text.
 * Prices are minor units of USD.
 */
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import type { DemoProduct, DemoStore } from './demo-types.ts';

export const DEMO_STORE: DemoStore = {
  collection: 'shop',
  manager: 'sam',
  root: { slug: 'all', displayName: 'Shop' },
  categories: [
    { slug: 'coffee', displayName: 'Coffee' },
    { slug: 'kitchen', displayName: 'Kitchen' },
    { slug: 'living', displayName: 'Living' },
    { slug: 'gifts', displayName: 'Gifts' },
  ],
};

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'house-blend-coffee',
    title: 'House Blend Coffee',
    productType: PRODUCT_TYPES.physical,
    categories: ['Coffee'],
    tags: ['coffee', 'subscription', 'medium roast'],
    excerpt:
      '<p>Our everyday medium roast: milk chocolate, toasted almond and a little red apple. Subscribe and it arrives every month, roasted the week it ships.</p>',
    body: [
      '<p>House Blend is the coffee we drink most mornings behind the counter. Two-thirds washed Colombian from the Huila highlands for sweetness and body, one-third natural Ethiopian for a bright, fruity lift.</p>',
      '<h3>Tasting notes</h3>',
      '<ul><li>Milk chocolate</li><li>Toasted almond</li><li>Red apple</li></ul>',
      '<h3>Brewing</h3>',
      '<p>Forgiving in every brewer. For a pour-over we like 22 g of coffee to 350 g of water just off the boil, finished in about three and a half minutes.</p>',
      '<p>Subscriptions ship on the first Tuesday of every month. Skip, pause or cancel from your account at any time.</p>',
    ].join(''),
    images: ['product-house-blend.svg'],
    addedOn: '2025-09-02T14:00:00Z',
    optionOrdering: ['Size', 'Grind'],
    variants: [
      { sku: 'FW-HB-12-WB', attributes: { Size: '12 oz', Grind: 'Whole Bean' }, price: 1900, stock: 40 },
      { sku: 'FW-HB-12-DR', attributes: { Size: '12 oz', Grind: 'Ground for Drip' }, price: 1900, stock: 30 },
      { sku: 'FW-HB-32-WB', attributes: { Size: '2 lb', Grind: 'Whole Bean' }, price: 4400, stock: 24 },
      { sku: 'FW-HB-32-DR', attributes: { Size: '2 lb', Grind: 'Ground for Drip' }, price: 4400, stock: 18 },
    ],
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    starred: true,
  },
  {
    slug: 'stoneware-mug',
    title: 'Stoneware Mug',
    productType: PRODUCT_TYPES.physical,
    categories: ['Kitchen'],
    tags: ['ceramics', 'handmade', 'mugs'],
    excerpt:
      '<p>A generous 12 oz mug thrown in Portland, dipped in glaze and left raw at the foot so it sits warm in your hand.</p>',
    body: [
      '<p>Each mug is thrown on the wheel by our friends at Tidewater Clay Studio, two streets from the roastery. The glaze stops short of the foot, leaving a band of bare stoneware that feels good under your fingers.</p>',
      '<p>Holds 12 oz with room for milk. Dishwasher and microwave safe. Because every mug is made by hand, sizes and glaze pooling vary a little from one to the next.</p>',
    ].join(''),
    images: ['product-mug-oat.svg', 'product-mug-slate.svg'],
    addedOn: '2025-06-10T14:00:00Z',
    optionOrdering: ['Color'],
    variants: [
      { sku: 'FW-MUG-OAT', attributes: { Color: 'Oat' }, price: 3200, stock: 14, image: 'product-mug-oat.svg' },
      { sku: 'FW-MUG-SLATE', attributes: { Color: 'Slate' }, price: 3200, stock: 9, image: 'product-mug-slate.svg' },
      { sku: 'FW-MUG-TERRA', attributes: { Color: 'Terracotta' }, price: 3200, stock: 0 },
    ],
  },
  {
    slug: 'waffle-cotton-throw',
    title: 'Waffle Cotton Throw',
    productType: PRODUCT_TYPES.physical,
    categories: ['Living'],
    tags: ['textiles', 'cotton', 'throws'],
    excerpt:
      '<p>A deep waffle weave in heavy organic cotton, washed soft. Light enough for summer evenings, warm enough for the porch in October.</p>',
    body: [
      '<p>Woven in a family-run mill in Portugal from GOTS-certified organic cotton, then garment-washed so it is soft from the first night.</p>',
      '<ul><li>Throw: 50 × 60 in</li><li>Oversized: 60 × 80 in, big enough for two on the sofa</li></ul>',
      '<p>Machine wash cold and tumble dry low. It gets softer with every wash.</p>',
    ].join(''),
    images: ['product-throw-oatmeal.svg', 'product-throw-moss.svg'],
    addedOn: '2025-10-14T14:00:00Z',
    optionOrdering: ['Size', 'Color'],
    variants: [
      {
        sku: 'FW-THROW-STD-OAT',
        attributes: { Size: 'Throw', Color: 'Oatmeal' },
        price: 9800,
        stock: 6,
        image: 'product-throw-oatmeal.svg',
      },
      {
        sku: 'FW-THROW-STD-MOSS',
        attributes: { Size: 'Throw', Color: 'Moss' },
        price: 9800,
        stock: 4,
        image: 'product-throw-moss.svg',
      },
      {
        sku: 'FW-THROW-XL-OAT',
        attributes: { Size: 'Oversized', Color: 'Oatmeal' },
        price: 12800,
        stock: 7,
        image: 'product-throw-oatmeal.svg',
      },
      {
        sku: 'FW-THROW-XL-MOSS',
        attributes: { Size: 'Oversized', Color: 'Moss' },
        price: 12800,
        stock: 5,
        image: 'product-throw-moss.svg',
      },
    ],
  },
  {
    slug: 'speckled-serving-bowl',
    title: 'Speckled Serving Bowl',
    productType: PRODUCT_TYPES.physical,
    categories: ['Kitchen'],
    tags: ['ceramics', 'handmade', 'serving'],
    excerpt:
      '<p>A wide, shallow bowl for salads, pasta and the fruit that never makes it to the fridge. Back in spring.</p>',
    body: [
      '<p>Thrown in speckled buff stoneware and finished in a satin glaze that lets the iron flecks show through. Eleven inches across and three deep.</p>',
      '<p>This batch sold out in a week. Sign up below and we will email you when the next firing comes out of the kiln.</p>',
    ].join(''),
    images: ['product-serving-bowl.svg'],
    addedOn: '2025-05-20T14:00:00Z',
    optionOrdering: ['Glaze'],
    variants: [
      { sku: 'FW-BOWL-WHITE', attributes: { Glaze: 'Speckled White' }, price: 5800, stock: 0 },
      { sku: 'FW-BOWL-ASH', attributes: { Glaze: 'Ash Blue' }, price: 5800, stock: 0 },
    ],
  },
  {
    slug: 'walnut-serving-board',
    title: 'Walnut Serving Board',
    productType: PRODUCT_TYPES.physical,
    categories: ['Kitchen', 'Gifts'],
    tags: ['wood', 'serving', 'sale'],
    excerpt:
      '<p>Solid black walnut from a mill in Vermont, oiled by hand. On sale while we make room for the spring batch.</p>',
    body: [
      '<p>Cut from a single plank of black walnut and finished with food-safe oil and beeswax. The hole in the handle is for hanging it on the wall between uses, where it looks as good as it does on the table.</p>',
      '<ul><li>Small: 14 × 7 in</li><li>Large: 20 × 9 in</li></ul>',
      '<p>Hand wash, dry upright, and oil it when it starts to look thirsty.</p>',
    ].join(''),
    images: ['product-walnut-board.svg'],
    addedOn: '2025-04-08T14:00:00Z',
    optionOrdering: ['Size'],
    variants: [
      { sku: 'FW-BOARD-SM', attributes: { Size: 'Small' }, price: 5400, salePrice: 4200, stock: 10 },
      { sku: 'FW-BOARD-LG', attributes: { Size: 'Large' }, price: 7800, salePrice: 6200, stock: 6 },
    ],
  },
  {
    slug: 'cedar-and-smoke-candle',
    title: 'Cedar & Smoke Candle',
    productType: PRODUCT_TYPES.physical,
    categories: ['Living'],
    tags: ['candles', 'small batch'],
    excerpt:
      '<p>Cedarwood, a wisp of woodsmoke and a little vanilla, poured into amber glass. The last few of this season’s pour.</p>',
    body: [
      '<p>Poured by hand in small batches from coconut-soy wax with a cotton wick. About 50 hours of slow, even burn.</p>',
      '<p>Trim the wick to a quarter inch before each lighting and let the first burn reach the edge of the glass. The walnut lid keeps the dust off between evenings.</p>',
    ].join(''),
    images: ['product-candle.svg'],
    addedOn: '2025-11-03T14:00:00Z',
    optionOrdering: [],
    variants: [{ sku: 'FW-CANDLE-CEDAR', attributes: {}, price: 2600, stock: 3 }],
  },
  {
    slug: 'walnut-coffee-scoop',
    title: 'Walnut Coffee Scoop',
    productType: PRODUCT_TYPES.physical,
    categories: ['Coffee', 'Gifts'],
    tags: ['wood', 'engraving', 'brewing tools'],
    excerpt:
      '<p>One level scoop holds two tablespoons: one good cup. Add a name or a few words and we will engrave the handle.</p>',
    body: [
      '<p>Turned from walnut offcuts from our serving boards, so nothing goes to waste. Each scoop holds two level tablespoons, about 10 g of whole beans.</p>',
      '<p>Engraving is free. Tell us what to write when you add the scoop to your cart; engraved scoops ship within five business days.</p>',
    ].join(''),
    images: ['product-coffee-scoop.svg'],
    addedOn: '2025-08-19T14:00:00Z',
    optionOrdering: [],
    variants: [{ sku: 'FW-SCOOP', attributes: {}, price: 2400, stock: 25 }],
    additionalFieldsForm: 'engraving',
  },
  {
    slug: 'home-barista-field-guide',
    title: 'Home Barista Field Guide',
    productType: PRODUCT_TYPES.digital,
    categories: ['Coffee'],
    tags: ['ebook', 'brewing', 'guides'],
    excerpt:
      '<p>Our 64-page guide to better coffee at home, as a PDF you can read on any device. Recipes for six brewers, grind charts and troubleshooting.</p>',
    body: [
      '<p>Everything we teach in our classes, written down. Start with the basics of ratio, grind and water, then work through step-by-step recipes for pour-over, French press, AeroPress, moka pot, cold brew and batch brewers.</p>',
      '<p>Delivered as a PDF download right after checkout. Free updates for life.</p>',
    ].join(''),
    images: ['product-field-guide.svg'],
    addedOn: '2025-07-01T14:00:00Z',
    optionOrdering: [],
    price: 1400,
    variants: [{ sku: 'FW-GUIDE-PDF', attributes: {}, price: 1400, stock: 'unlimited' }],
  },
  {
    slug: 'pour-over-fundamentals-class',
    title: 'Pour-Over Fundamentals Class',
    productType: PRODUCT_TYPES.service,
    categories: ['Coffee'],
    tags: ['classes', 'pour-over', 'brewing'],
    excerpt:
      '<p>Ninety minutes at our brew bar learning to make a great cup by hand. Small groups, all equipment provided, a bag of coffee to take home.</p>',
    body: [
      '<p>We start by tasting the same coffee brewed three ways, then get hands-on with grind size, ratio and pouring technique until your cup tastes the way you want it to.</p>',
      '<p>Classes run at the roastery, 112 Exchange Street. Each seat includes a 12 oz bag of House Blend. Choose the session that suits you; if you cannot make it, email us up to 48 hours before to move to another date.</p>',
    ].join(''),
    images: ['product-pour-over-class.svg'],
    addedOn: '2025-12-01T14:00:00Z',
    optionOrdering: ['Session'],
    variants: [
      { sku: 'FW-CLASS-SAT-AM', attributes: { Session: 'Saturday, 10 am' }, price: 4500, stock: 8 },
      { sku: 'FW-CLASS-THU-PM', attributes: { Session: 'Thursday, 6 pm' }, price: 4500, stock: 6 },
    ],
    customAddButtonText: 'Reserve a Seat',
  },
  {
    slug: 'fernwood-gift-card',
    title: 'Fernwood Gift Card',
    productType: PRODUCT_TYPES['gift-card'],
    categories: ['Gifts'],
    tags: ['gift card'],
    excerpt:
      '<p>For the coffee lover who already has the good mug. Delivered by email and good for anything in the shop or at the roastery.</p>',
    body: [
      '<p>Choose an amount and we will email the gift card to you or straight to the lucky person, with your note. Gift cards never expire and can be spent online or in person at 112 Exchange Street.</p>',
    ].join(''),
    images: ['product-gift-card.svg'],
    addedOn: '2025-11-20T14:00:00Z',
    optionOrdering: ['Amount'],
    variants: [
      { sku: 'FW-GIFT-25', attributes: { Amount: '$25' }, price: 2500, stock: 'unlimited' },
      { sku: 'FW-GIFT-50', attributes: { Amount: '$50' }, price: 5000, stock: 'unlimited' },
      { sku: 'FW-GIFT-100', attributes: { Amount: '$100' }, price: 10000, stock: 'unlimited' },
      { sku: 'FW-GIFT-150', attributes: { Amount: '$150' }, price: 15000, stock: 'unlimited' },
    ],
  },
  {
    slug: 'the-roasters-notebook',
    title: "The Roaster's Notebook",
    productType: PRODUCT_TYPES.paywall,
    categories: ['Coffee'],
    tags: ['membership', 'members only'],
    excerpt:
      '<p>Our members-only notebook: Roasting at Home, a short course from our head roaster, with her roast logs and cupping notes.</p>',
    body: [
      '<p>Three lessons from Nora, our head roaster: choosing green coffee and a roaster, reading first crack, and resting and cupping what you roasted. Each comes with the roast logs behind it.</p>',
      '<p>Access is for your account: sign in or create one, check out, and the course opens at once.</p>',
    ].join(''),
    memberArea: 'roasting-at-home',
    images: ['product-roasters-notebook.svg'],
    addedOn: '2026-01-06T14:00:00Z',
    optionOrdering: [],
    price: 600,
    variants: [{ sku: 'FW-NOTEBOOK', attributes: {}, price: 600, stock: 'unlimited' }],
  },
];
