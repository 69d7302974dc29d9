/**
 * The shape of the demo site's content. Records point at each other by slug
 * (an image by its file name, an author by contributor slug, a category by
 * its display name); the loader turns slugs into ids. Page blocks are the
 * exception: they are stored as `PageBlock`s, so they carry ids already.
 */
import type {
  EventLocation,
  FormField,
  PageBlock,
  PopupOverlaySettings,
  ShareButtonOptions,
  SocialAccount,
  StoreSettings,
  SubscriptionPlan,
} from '../db/schema.ts';

/** Region name → hex colour without '#', the shape the image records store. */
export interface ColorData {
  topLeftAverage: string;
  topRightAverage: string;
  bottomLeftAverage: string;
  bottomRightAverage: string;
  centerAverage: string;
}

/** An ISO instant with its offset, e.g. '2026-02-03T13:30:00Z'. Never "now": renders must be reproducible. */
export type FixedDate = string;

export interface DemoImage {
  /** A file in api/seed/images/. */
  filename: string;
  width: number;
  height: number;
  altText: string;
  title: string;
  body?: string;
  /** Where crops should centre, 0..1 from the top left. */
  focalPoint: { x: number; y: number };
  colorData: ColorData;
}

export interface DemoWebsite {
  identifier: string;
  siteTitle: string;
  createdOn: FixedDate;
  domains: ReadonlyArray<{ host: string; isPrimary: boolean }>;
  settings: {
    timeZone: string;
    language: string;
    baseCurrency: string;
    siteDescription: string;
    /** Image file name. */
    logo: string;
    templatePackage: string;
    captchaSiteKey: string | null;
    commentsEnabled: boolean;
    simpleLikingEnabled: boolean;
    disqusShortname: string | null;
    useCldrMoneyFormat: boolean;
    storeSettings: StoreSettings;
    shareButtonOptions: ShareButtonOptions;
    socialAccounts: SocialAccount[];
    languages: string[];
    popupOverlay: PopupOverlaySettings;
  };
}

export interface DemoContributor {
  slug: string;
  displayName: string;
  email: string;
  /** Spec section 6 role number. */
  role: number;
}

export interface DemoCollection {
  /** Also its url id. */
  slug: string;
  type: number;
  /** The template's collection kind (collections/NAME.conf). */
  typeName: 'page' | 'splash-page' | 'products' | 'blog' | 'gallery' | 'events' | 'course';
  title: string;
  navigationTitle: string;
  description: string;
  ordering: 'chronological' | 'user-ordered' | 'alphabetical';
  pageSize?: number;
  isHome?: boolean;
  blocks?: PageBlock[];
  settings?: Record<string, unknown>;
  /** A member area: its pages are for the site users granted it. */
  memberOnly?: boolean;
}

export interface DemoCategory {
  slug: string;
  /** At most 25 characters (spec section 5). */
  displayName: string;
}

export interface DemoStore {
  /** Slug of the products collection. */
  collection: string;
  /** Contributor slug the products are credited to. */
  manager: string;
  root: DemoCategory;
  categories: DemoCategory[];
}

export interface DemoVariant {
  sku: string;
  /** Option name → value; the product's optionOrdering lists the names. */
  attributes: Record<string, string>;
  /** Minor units of the site currency. */
  price: number;
  /** Set only when the variant is on sale. */
  salePrice?: number;
  stock: number | 'unlimited';
  /** One of the product's image file names, shown when the variant is chosen. */
  image?: string;
}

export interface DemoProduct {
  slug: string;
  title: string;
  productType: number;
  /** Display names of the store's categories. */
  categories: string[];
  tags: string[];
  excerpt: string;
  body: string;
  /** Image file names; the first is the main image, so there is at least one. */
  images: [string, ...string[]];
  addedOn: FixedDate;
  optionOrdering: string[];
  variants: DemoVariant[];
  /** Digital and paywall products keep their price on the product. */
  price?: number;
  salePrice?: number;
  subscriptionPlan?: SubscriptionPlan;
  /** Slug of a form whose fields the buyer fills in when adding to the cart. */
  additionalFieldsForm?: string;
  customAddButtonText?: string;
  starred?: boolean;
  /** A paywall product's member area (collection slug), which buying it opens. */
  memberArea?: string;
}

export interface DemoComment {
  slug: string;
  authorName: string;
  authorEmail?: string;
  authorUrl?: string;
  body: string;
  addedOn: FixedDate;
  replies?: DemoComment[];
}

export interface DemoPost {
  slug: string;
  title: string;
  /** Contributor slug. */
  author: string;
  categories: string[];
  tags: string[];
  excerpt: string;
  body: string;
  image: string;
  publishOn: FixedDate;
  starred?: boolean;
  /** 1 keeps comments open. */
  commentState: 0 | 1;
  /** How many visitors liked it; the loader writes that many likes. */
  likes: number;
  comments?: DemoComment[];
  /** Text (1) unless said otherwise, as a course's lessons (62) do. */
  recordType?: number;
}

export interface DemoGalleryItem {
  slug: string;
  title: string;
  body: string;
  image: string;
  tags: string[];
  addedOn: FixedDate;
}

export interface DemoEvent {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  tags: string[];
  categories: string[];
  startDate: FixedDate;
  endDate: FixedDate;
  location: EventLocation;
  image?: string;
  publishOn: FixedDate;
}

export interface DemoForm {
  slug: string;
  name: string;
  isNewsletter: boolean;
  fields: FormField[];
  submissionMessage: string;
  submissionHtml: string;
  successRedirect: string | null;
  disclaimerMessage: string;
  captchaEnabled: boolean;
  captchaTheme: 'light' | 'dark';
  captchaAlignment: 'left' | 'center' | 'right';
  storage: Record<string, unknown>;
}

export interface DemoNavigationItem {
  slug: string;
  /** Exactly one of collection or externalLink (member areas are not in the demo). */
  collection?: string;
  externalLink?: string;
  title?: string;
  newWindow?: boolean;
  children?: DemoNavigationItem[];
}

export interface DemoNavigation {
  /** The template.conf navigation name. */
  identifier: string;
  title: string;
  items: DemoNavigationItem[];
}

export interface DemoSite {
  website: DemoWebsite;
  contributors: DemoContributor[];
  images: DemoImage[];
  forms: DemoForm[];
  collections: DemoCollection[];
  store: DemoStore;
  products: DemoProduct[];
  /** Slug of the blog collection and its posts. */
  journal: { collection: string; posts: DemoPost[] };
  /** The member-only blog, its posts, and who already belongs to it. */
  memberArea: { collection: string; posts: DemoPost[] };
  /** The paid member area: a course of lessons, opened by buying a paywall product (its memberArea). */
  course: { collection: string; lessons: DemoPost[] };
  /** The password-protected page and its password (in the README). */
  lockedPage: { collection: string; password: string };
  gallery: { collection: string; items: DemoGalleryItem[] };
  events: { collection: string; events: DemoEvent[] };
  navigations: DemoNavigation[];
}
