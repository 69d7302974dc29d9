/**
 * The owner side's one permission table: each contributor role of spec
 * section 6 and the actions it may take. Every owner route declares the
 * action it needs (api/http/owner-route.ts) and is checked against this
 * table for a signed-in contributor, or against an API key's scopes. The
 * spec numbers the roles but leaves what each may do unshown; the grants
 * below are ours (README.md, "Owner roles"). Pure: the admin app imports it
 * to show only what the signed-in contributor may use.
 */

/** Spec section 6: contributor role numbers (5 is not a role). */
export const ROLES = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  storeManager: 8,
  scheduling: 9,
  viewer: 10,
  campaignsEditor: 11,
  schedulingViewer: 12,
  schedulingEditor: 13,
  none: 14,
  websiteManager: 15,
} as const;

export type RoleName = keyof typeof ROLES;
export type Role = (typeof ROLES)[RoleName];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  1: 'Administrator',
  2: 'Billing',
  3: 'Reporting',
  4: 'Editor',
  6: 'Moderator',
  7: 'Commenter',
  8: 'Store manager',
  9: 'Scheduling',
  10: 'Viewer',
  11: 'Campaigns editor',
  12: 'Scheduling viewer',
  13: 'Scheduling editor',
  14: 'No access',
  15: 'Website manager',
};

/** Every role number, in the spec's order. */
export const ROLE_NUMBERS: readonly Role[] = Object.values(ROLES);

export function isRole(value: unknown): value is Role {
  return typeof value === 'number' && (ROLE_NUMBERS as readonly number[]).includes(value);
}

/** What an owner route can ask for. `:read` lets one see a panel, `:write` change what it shows. */
export const OWNER_ACTIONS = [
  /** Signed in at all: one's own session and name. */
  'own-account',
  'site-settings:read',
  'site-settings:write',
  /** The store part of the site settings (minimum subtotal, services' quantities, …). */
  'store-settings:write',
  'code-injection:read',
  'code-injection:write',
  'commerce-preferences:read',
  'commerce-preferences:write',
  'contributors:read',
  'contributors:write',
  'api-keys:read',
  'api-keys:write',
  'billing:read',
  'billing:write',
  /** Restock sign-up lists and sending their notices (api/http/restock-routes.ts). */
  'restock-notifications',
  /** Making a store (a product collection and its root category), and removing one the dialog could not finish. */
  'store:create',
  /** The site layout: each navigation and its links. */
  'navigation:read',
  'navigation:write',
  /** The traffic, commerce and site speed dashboards. */
  'analytics:read',
  /** The products panel: products, their variants, prices, pictures, categories and tags. */
  'products:read',
  'products:write',
  /** The inventory panel: stock per variant, its adjustment log and the scarcity settings. */
  'inventory:read',
  'inventory:write',
  /** Uploading pictures and files (product pictures, content images, digital products' files). */
  'media:write',
  /** A multilingual site: its languages and their translations (spec section 7's multilingual calls). */
  'multilingual:read',
  /** Adding and removing languages, and ending multilingual (DELETE /api/multilingual/connection). */
  'multilingual:write',
  /** The texts of pages, items and links in a translation language. */
  'translations:write',
  /** Orders: listed and read (the public commerce API's /api/v1/commerce/orders). */
  'orders:read',
  /** Orders: fulfilled, cancelled and refunded (the orders panel). */
  'orders:write',
  /** The forms' settings and fields (the form builder). */
  'forms:read',
  'forms:write',
  /** What visitors sent through the forms: list, read, export; write deletes. */
  'form-submissions:read',
  'form-submissions:write',
  /** The dynamic-ads product feed's address and the ads pixel id. */
  'product-feed:read',
  'product-feed:write',
  /** Pages, posts, events, galleries and collections as the admin app edits them, their history and the preview. */
  'content:read',
  /** Saving any of those: a content version each time. */
  'content:write',
  /** The template's style tweaks (colours, fonts, sizes) for the whole site. */
  'design:write',
] as const;

export type OwnerAction = (typeof OWNER_ACTIONS)[number];

/**
 * The actions an API key may be given. Keys never manage people, keys or
 * billing: a leaked key must not be able to make itself a new key or an
 * account, and has no person to sign in as.
 */
export const API_KEY_SCOPES = [
  'site-settings:read',
  'site-settings:write',
  'store-settings:write',
  'code-injection:read',
  'code-injection:write',
  'commerce-preferences:read',
  'commerce-preferences:write',
  'restock-notifications',
  'products:read',
  'inventory:read',
  'inventory:write',
  'multilingual:read',
  'translations:write',
  'orders:read',
] as const satisfies readonly OwnerAction[];

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  'site-settings:read': 'Read site settings',
  'site-settings:write': 'Change site settings',
  'store-settings:write': 'Change store settings',
  'code-injection:read': 'Read header and footer code',
  'code-injection:write': 'Change header and footer code',
  'commerce-preferences:read': 'Read commerce preferences',
  'commerce-preferences:write': 'Change commerce preferences',
  'restock-notifications': 'Restock notifications',
  'products:read': 'Read products',
  'inventory:read': 'Read stock',
  'inventory:write': 'Change stock',
  'multilingual:read': 'Read languages and translations',
  'translations:write': 'Change translations',
  'orders:read': 'Read orders',
};

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Seeing the site's settings: every role that works on the site. */
const READ_SITE = ['own-account', 'site-settings:read'] as const satisfies readonly OwnerAction[];
const READ_ALL = [
  ...READ_SITE,
  'navigation:read',
  'analytics:read',
  'code-injection:read',
  'commerce-preferences:read',
  'contributors:read',
  'billing:read',
  'products:read',
  'inventory:read',
  'multilingual:read',
  'orders:read',
  'forms:read',
  'form-submissions:read',
  'product-feed:read',
  'content:read',
] as const satisfies readonly OwnerAction[];
/** Filling the site: content and its style, but neither commerce nor settings. */
const EDIT_CONTENT = ['content:read', 'content:write', 'design:write'] as const satisfies readonly OwnerAction[];

/** Role → allowed actions. A role absent from an action's list is refused it (403). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly OwnerAction[]>> = {
  [ROLES.admin]: OWNER_ACTIONS,
  [ROLES.billing]: [...READ_SITE, 'billing:read', 'billing:write'],
  [ROLES.reporting]: [...READ_SITE, 'analytics:read'],
  [ROLES.editor]: [
    ...READ_SITE,
    'code-injection:read',
    'navigation:read',
    'navigation:write',
    'media:write',
    'multilingual:read',
    'translations:write',
    'forms:read',
    'forms:write',
    'form-submissions:read',
    ...EDIT_CONTENT,
  ],
  [ROLES.moderator]: READ_SITE,
  [ROLES.commenter]: ['own-account'],
  [ROLES.storeManager]: [
    ...READ_SITE,
    'store-settings:write',
    'commerce-preferences:read',
    'commerce-preferences:write',
    'restock-notifications',
    'analytics:read',
    'products:read',
    'products:write',
    'inventory:read',
    'inventory:write',
    'media:write',
    'orders:read',
    'orders:write',
    // The submissions panel lists the forms; the builder is read-only to a store manager.
    'forms:read',
    'form-submissions:read',
    'form-submissions:write',
    'product-feed:read',
    'product-feed:write',
  ],
  [ROLES.scheduling]: ['own-account'],
  // Sees every panel, changes nothing.
  [ROLES.viewer]: READ_ALL,
  [ROLES.campaignsEditor]: READ_SITE,
  [ROLES.schedulingViewer]: ['own-account'],
  [ROLES.schedulingEditor]: ['own-account'],
  // Kept as an author's byline, but cannot sign in.
  [ROLES.none]: [],
  [ROLES.websiteManager]: [
    ...READ_ALL,
    'site-settings:write',
    'store-settings:write',
    'code-injection:write',
    'commerce-preferences:write',
    'restock-notifications',
    'store:create',
    'navigation:write',
    'products:write',
    'inventory:write',
    'media:write',
    'multilingual:write',
    'translations:write',
    'forms:write',
    'form-submissions:write',
    'product-feed:write',
    'content:write',
    'design:write',
    'orders:write',
  ],
};

export function roleAllows(role: number, action: OwnerAction): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(action);
}
