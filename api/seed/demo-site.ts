/**
 * The demo site: Fernwood Coffee & Home, a small roastery and home-goods
 * shop in Portland, Maine. It is what a new install shows on first start and
 * what the page-level golden files render, so it tries to use every kind of
 * content the product has, with realistic words and prices.
 */
import { COLLECTION_TYPES } from '../../domain/spec-enums.ts';
import { DEMO_COURSE, DEMO_LESSONS } from './demo-course.ts';
import { DEMO_EVENTS, DEMO_LOCATION } from './demo-events.ts';
import { DEMO_FORMS } from './demo-forms.ts';
import { DEMO_GALLERY_ITEMS } from './demo-gallery.ts';
import { collectionId, formId, imageId } from './demo-ids.ts';
import { DEMO_IMAGES } from './demo-images.ts';
import { DEMO_POSTS } from './demo-journal.ts';
import { DEMO_LOCKED_PAGE, DEMO_MEMBER_AREA, DEMO_MEMBER_POSTS } from './demo-member-area.ts';
import { DEMO_PRODUCTS, DEMO_STORE } from './demo-products.ts';
import type { DemoCollection, DemoContributor, DemoNavigation, DemoSite, DemoWebsite } from './demo-types.ts';

/** When the demo site "was created": fixed, so renders that show it never change. */
export const DEMO_CREATED_ON = '2025-03-01T14:00:00Z';

const WEBSITE: DemoWebsite = {
  identifier: 'demo',
  siteTitle: 'Fernwood Coffee & Home',
  createdOn: DEMO_CREATED_ON,
  domains: [
    { host: 'localhost', isPrimary: true },
    { host: '127.0.0.1', isPrimary: false },
  ],
  settings: {
    timeZone: 'America/New_York',
    language: 'en-US',
    baseCurrency: 'USD',
    siteDescription:
      'Small-batch coffee roasted in Portland, Maine, and a few good things for the home: handmade ceramics, linens and candles.',
    logo: 'logo.svg',
    templatePackage: 'default',
    captchaSiteKey: null,
    commentsEnabled: true,
    simpleLikingEnabled: true,
    disqusShortname: null,
    useCldrMoneyFormat: true,
    storeSettings: {
      storeTitle: 'Shop',
      multipleQuantityAllowedForServices: true,
      scarcityEnabled: true,
      scarcityThreshold: 5,
      // {qtyInStock} is the argument the product-scarcity formatter fills in.
      scarcityText: 'Only {qtyInStock} left in stock',
      restockSuccessText: "You're on the list! We'll email you as soon as it's back.",
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
      // $10.00: The Roaster's Notebook ($6.00) alone is below it, so the cart page's minimum notice can be seen.
      minimumSubtotalCents: '1000',
      // Afterpay for a US account, from $1.00 (exclusive) to $2,000.00.
      installments: { available: true, min: '100', max: '200000', accountCountry: 'US' },
    },
    shareButtonOptions: { facebook: true, x: true, pinterest: true, linkedin: true, email: true },
    socialAccounts: [
      {
        serviceName: 'instagram',
        profileUrl: 'https://www.instagram.com/fernwoodcoffee',
        screenname: 'fernwoodcoffee',
      },
      {
        serviceName: 'facebook',
        profileUrl: 'https://www.facebook.com/fernwoodcoffee',
        screenname: 'Fernwood Coffee & Home',
      },
      {
        serviceName: 'pinterest',
        profileUrl: 'https://www.pinterest.com/fernwoodcoffee',
        screenname: 'fernwoodcoffee',
      },
    ],
    languages: ['en-US'],
    // The site-wide popup (page type 104): the newsletter on the home page, a while after the visitor arrives.
    popupOverlay: {
      enabled: true,
      version: 1,
      headline: 'First Friday letters',
      body: 'New roasts before they reach the shop, tasting invitations and the odd recipe: one letter a month, and 10% off your first bag when you join.',
      action: 'newsletter',
      formId: formId('newsletter'),
      delaySeconds: 10,
      closedDays: 14,
      showOn: 'home',
    },
  },
};

const CONTRIBUTORS: DemoContributor[] = [
  { slug: 'nora', displayName: 'Nora Whitfield', email: 'nora@example.com', role: 1 },
  { slug: 'theo', displayName: 'Theo Marsh', email: 'theo@example.com', role: 4 },
  { slug: 'sam', displayName: 'Sam Okafor', email: 'sam@example.com', role: 8 },
];

/** Gallery options (spec section 3) at their defaults, with the choices a spec default leaves open made. */
const GALLERY_OPTIONS = {
  design: 'grid',
  autoplay: false,
  'autoplay-duration': 5,
  controls: true,
  'auto-crop': true,
  'aspect-ratio': 'square',
  'square-thumbs': true,
  thumbnails: true,
  'thumbnail-strip-height': 80,
  'thumbnail-strip-margin': 20,
  'show-meta': true,
  'show-meta-basic': false,
  'show-meta-only-title': false,
  'meta-position': 'bottom',
  'show-meta-on-hover': false,
  'active-alignment': 'center',
  'thumbnails-per-row': 4,
  padding: 20,
  lightbox: true,
  lightboxTheme: 'dark',
  'max-width': 300,
  newWindow: false,
  transparentBackground: false,
};

const COLLECTIONS: DemoCollection[] = [
  {
    slug: 'home',
    type: COLLECTION_TYPES.page,
    typeName: 'page',
    title: 'Home',
    navigationTitle: 'Home',
    description: 'Small-batch coffee and good things for the home, from Portland, Maine.',
    ordering: 'chronological',
    isHome: true,
    blocks: [
      // The hero: a picture first and the welcome over it (templates/default/styles/site.css, "Home hero").
      { type: 5, imageId: imageId('journal-window-light.svg') },
      {
        type: 2,
        html: [
          '<h1>Small-batch coffee, and good things for the home</h1>',
          '<p>We roast four mornings a week in a brick warehouse on Exchange Street, and fill the shop at the front with the things we love using around it: mugs thrown two streets away, linen, walnut and candlelight.</p>',
          '<p><a class="button" href="/shop">Visit the shop</a> <a class="button button--secondary" href="/events">Come to a tasting</a></p>',
        ].join(''),
      },
      { type: 55, collectionId: collectionId('shop'), limit: 6, design: 'grid' },
      { type: 55, collectionId: collectionId('journal'), limit: 3, design: 'list' },
      { type: 51, formId: formId('newsletter') },
    ],
  },
  {
    slug: 'shop',
    type: COLLECTION_TYPES.products,
    typeName: 'products',
    title: 'Shop',
    navigationTitle: 'Shop',
    description: 'Fresh-roasted coffee, brewing tools and handmade goods for the home.',
    ordering: 'user-ordered',
    pageSize: 24,
  },
  {
    slug: 'journal',
    type: COLLECTION_TYPES.generic,
    typeName: 'blog',
    title: 'Journal',
    navigationTitle: 'Journal',
    description: 'Brewing guides, stories from the farms we buy from, and life at the roastery.',
    ordering: 'chronological',
    pageSize: 10,
  },
  {
    slug: 'gallery',
    type: COLLECTION_TYPES.generic,
    typeName: 'gallery',
    title: 'Gallery',
    navigationTitle: 'Gallery',
    description: 'The roastery, the shop and the places around them.',
    ordering: 'user-ordered',
    settings: GALLERY_OPTIONS,
  },
  {
    slug: 'events',
    type: COLLECTION_TYPES.generic,
    typeName: 'events',
    title: 'Events',
    navigationTitle: 'Events',
    description: 'Tastings, classes and markets. Come and say hello.',
    ordering: 'chronological',
  },
  {
    slug: 'about',
    type: COLLECTION_TYPES.page,
    typeName: 'page',
    title: 'About Fernwood',
    navigationTitle: 'About',
    description: 'Who we are, and why we roast the way we do.',
    ordering: 'chronological',
    blocks: [
      {
        type: 2,
        html: [
          '<p>Fernwood started in 2022 with a secondhand roaster, a borrowed van and a stall at the Saturday market. Nora had spent ten years roasting for other people; Theo had spent them making furniture and wondering why good mugs were so hard to find.</p>',
          '<p>Today we roast about 300 kilos of coffee a week and buy most of it directly from four farms we visit every year. The shop at the front sells the things we use every day around it, made by people we know.</p>',
        ].join(''),
      },
      { type: 5, imageId: imageId('gallery-storefront.svg'), caption: 'The shop and roastery at 112 Exchange Street.' },
      {
        type: 2,
        html: [
          '<h2>What we care about</h2>',
          '<ul><li><strong>Fair, fixed prices.</strong> We agree what we pay for coffee before the harvest, well above the market.</li><li><strong>Fresh coffee.</strong> Every bag is roasted in the week it ships.</li><li><strong>Things that last.</strong> Handmade, repairable and worth keeping.</li></ul>',
        ].join(''),
      },
      { type: 53, label: 'Shop our coffee', href: '/shop' },
    ],
  },
  {
    slug: 'contact',
    type: COLLECTION_TYPES.page,
    typeName: 'page',
    title: 'Contact',
    navigationTitle: 'Contact',
    description: 'Visit the roastery, call or send us a message.',
    ordering: 'chronological',
    blocks: [
      {
        type: 2,
        html: [
          '<h2>Say hello</h2>',
          '<p><strong>Fernwood Roastery &amp; Shop</strong><br>112 Exchange Street, Portland, ME 04101</p>',
          '<p>Open Tuesday to Sunday, 7 am to 4 pm. Roasting on Tuesday to Friday mornings: come by and watch.</p>',
          '<p>Wholesale, orders or anything else: use the form on this page and we will answer within two business days.</p>',
        ].join(''),
      },
      { type: 4, location: DEMO_LOCATION },
      { type: 9, formId: formId('contact') },
    ],
  },
  {
    // A cover page (splash page, page type 3) for the spring market: shared as a link, not in the navigation.
    slug: 'welcome',
    type: COLLECTION_TYPES['splash-page'],
    typeName: 'splash-page',
    title: 'Welcome to Fernwood',
    navigationTitle: 'Welcome',
    description: 'Small-batch coffee roasted on Exchange Street, and a few good things for the home.',
    ordering: 'chronological',
    blocks: [
      {
        type: 2,
        html: '<p>Met us at the market? Show this page at the counter for a free cup with any bag of beans.</p>',
      },
    ],
    settings: { callToAction: { label: 'Enter the shop', href: '/shop' } },
  },
  DEMO_MEMBER_AREA,
  DEMO_COURSE,
  DEMO_LOCKED_PAGE,
];

const NAVIGATIONS: DemoNavigation[] = [
  {
    identifier: 'mainNav',
    title: 'Main Navigation',
    items: [
      { slug: 'main-home', collection: 'home' },
      { slug: 'main-shop', collection: 'shop' },
      { slug: 'main-journal', collection: 'journal' },
      { slug: 'main-gallery', collection: 'gallery' },
      { slug: 'main-events', collection: 'events' },
      { slug: 'main-about', collection: 'about' },
      { slug: 'main-contact', collection: 'contact' },
    ],
  },
  {
    identifier: 'secondaryNav',
    title: 'Footer Navigation',
    items: [
      // The social accounts have a list of their own beside this one (footer.region), so no Instagram here.
      { slug: 'footer-about', collection: 'about' },
      { slug: 'footer-contact', collection: 'contact' },
      { slug: 'footer-events', collection: 'events' },
      {
        slug: 'footer-visit',
        externalLink: 'https://www.google.com/maps/search/?api=1&query=112+Exchange+Street+Portland+ME+04101',
        title: 'Find the shop',
        newWindow: true,
      },
    ],
  },
];

export const DEMO_SITE: DemoSite = {
  website: WEBSITE,
  contributors: CONTRIBUTORS,
  images: DEMO_IMAGES,
  forms: DEMO_FORMS,
  collections: COLLECTIONS,
  store: DEMO_STORE,
  products: DEMO_PRODUCTS,
  journal: { collection: 'journal', posts: DEMO_POSTS },
  memberArea: { collection: DEMO_MEMBER_AREA.slug, posts: DEMO_MEMBER_POSTS },
  course: { collection: DEMO_COURSE.slug, lessons: DEMO_LESSONS },
  lockedPage: { collection: DEMO_LOCKED_PAGE.slug, password: DEMO_LOCKED_PAGE.password },
  gallery: { collection: 'gallery', items: DEMO_GALLERY_ITEMS },
  events: { collection: 'events', events: DEMO_EVENTS },
  navigations: NAVIGATIONS,
};
