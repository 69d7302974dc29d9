import type { Budget } from '../visitors.ts';

/**
 * Route labels as the server declares them (api/http/*-routes.ts,
 * renderer/*-routes.ts): failures are grouped by these, and the API's
 * write budget per visitor is counted by them.
 */
export const ROUTES = {
  cart: 'GET /api/commerce/shopping-cart',
  addEntry: 'POST /api/commerce/shopping-cart/entries',
  entryQuantity: 'PUT /api/commerce/shopping-cart/entries/:entryId',
  entryFields: 'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields',
  removeEntry: 'DELETE /api/commerce/shopping-cart/entries/:entryId',
  subscription: 'POST /api/3/commerce/cart/subscription',
  stock: 'GET /api/commerce/inventory/stock',
  checkout: 'POST /checkout',
  formKey: 'POST /api/form/FormSubmissionKey',
  formValidate: 'POST /api/rest/forms/validate/:formId',
  formSave: 'POST /api/form/SaveFormSubmission',
  templateSchema: 'GET /api/template/GetTemplateSchema',
  formPost: 'POST /* (form post)',
  restockSignUp: 'POST /api/site-users/account/notifications/restock',
  restockList: 'GET /api/site-users/account/notifications/restock',
  restockGroups: 'GET /api/site-users/account/notifications/restock/groups',
  restockSend: 'POST /api/site-users/account/notifications/restock/send',
  restockSendAll: 'POST /api/site-users/account/notifications/restock/send/all',
} as const;

export const API_PATHS = {
  cart: '/api/commerce/shopping-cart',
  entries: '/api/commerce/shopping-cart/entries',
  entry: (id: string) => `/api/commerce/shopping-cart/entries/${id}`,
  entryFields: (id: string) => `/api/commerce/shopping-cart/entries/${id}/additionalFields`,
  subscription: '/api/3/commerce/cart/subscription',
  stock: '/api/commerce/inventory/stock',
  formKey: '/api/form/FormSubmissionKey',
  formValidate: (formId: string) => `/api/rest/forms/validate/${formId}`,
  formSave: '/api/form/SaveFormSubmission',
  templateSchema: '/api/template/GetTemplateSchema',
  restock: '/api/site-users/account/notifications/restock',
  restockGroups: '/api/site-users/account/notifications/restock/groups',
  restockSend: '/api/site-users/account/notifications/restock/send',
  restockSendAll: '/api/site-users/account/notifications/restock/send/all',
} as const;

/** The visitor budgets (probe/limits.ts) a request spends: the server's limits it counts against. */
export function budgetsFor(method: string, path: string): Budget[] {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) return [];
  const pathname = path.split('?')[0]!;
  if (pathname === '/checkout') return ['checkout'];
  if (pathname === API_PATHS.subscription) return ['api-write', 'cart-create'];
  if (pathname === API_PATHS.formSave) return ['api-write', 'form-submit'];
  if (pathname === API_PATHS.restock && method === 'POST') return ['api-write', 'restock-signup'];
  // Every POST to a page counts as a form post (renderer/form-post-routes.ts), with a form or not.
  if (method === 'POST' && !pathname.startsWith('/api/')) return ['form-submit'];
  return pathname.startsWith('/api/') ? ['api-write'] : [];
}

/** A label for any path, for answers the probe did not aim at one route (redirects, method sweeps). */
export function routeLabel(method: string, path: string): string {
  const pathname = path.split('?')[0]!;
  const api = [
    [/^\/api\/commerce\/shopping-cart\/?$/, '/api/commerce/shopping-cart'],
    [/^\/api\/commerce\/shopping-cart\/entries\/?$/, '/api/commerce/shopping-cart/entries'],
    [
      /^\/api\/commerce\/shopping-cart\/entries\/[^/]*\/additionalFields$/,
      '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    ],
    [/^\/api\/commerce\/shopping-cart\/entries\/[^/]*$/, '/api/commerce/shopping-cart/entries/:entryId'],
    [/^\/api\/3\/commerce\/cart\/subscription$/, '/api/3/commerce/cart/subscription'],
    [/^\/api\/commerce\/inventory\/stock\/?$/, '/api/commerce/inventory/stock'],
    [/^\/api\/form\/FormSubmissionKey$/, '/api/form/FormSubmissionKey'],
    [/^\/api\/form\/SaveFormSubmission$/, '/api/form/SaveFormSubmission'],
    [/^\/api\/rest\/forms\/validate\/[^/]*$/, '/api/rest/forms/validate/:formId'],
    [/^\/api\/template\/GetTemplateSchema$/, '/api/template/GetTemplateSchema'],
    [
      /^\/api\/site-users\/account\/notifications\/restock(\/groups|\/send|\/send\/all)?$/,
      '/api/site-users/account/notifications/restock$1',
    ],
    [/^\/api\//, '/api/* (unknown)'],
    [/^\/islands\//, '/islands/:file'],
    [/^\/(assets|scripts|styles)\//, '/$1/*'],
    [/^\/content\//, '/content/:site/*'],
    [/^\/site\.css/, '/site.css'],
    [/^\/$/, '/ (home)'],
    [/^\/cart\/?$/, '/cart'],
    [/^\/search\/?$/, '/search'],
    [/^\/checkout\/?$/, '/checkout'],
    [/^\/checkout\/order-confirmed\/?$/, '/checkout/order-confirmed'],
    [/^\/[^/]+\/?$/, '/:collection'],
    [/^\/[^/]+\/[^/]+\/?$/, '/:collection/:item'],
  ] as const;
  for (const [pattern, label] of api) {
    const match = pattern.exec(pathname);
    if (match) return `${method} ${label.replace('$1', match[1] ?? '')}`;
  }
  return `${method} /* (other paths)`;
}
