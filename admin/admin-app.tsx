/**
 * The admin app at /config: a skip link, a banner with the site and the
 * signed-in contributor, the navigation to the panels the role may see, and
 * the current panel in <main>. Signed out, every path shows the sign-in
 * panel (the invitation link excepted); a panel the role may not see says so.
 */
import type { ReactNode } from 'react';
import type { OwnerAction } from '../shared/owner-permissions.ts';
import { Panel } from './panel.tsx';
import { AnalyticsPanel } from './panels/analytics-panel.tsx';
import { ApiKeysLearnMorePanel, ApiKeysPanel, ApiKeysTermsPanel } from './panels/api-keys-panel.tsx';
import { CodeInjectionPanel } from './panels/code-injection-panel.tsx';
import { CollectionSettingsPanel } from './panels/collection-settings-panel.tsx';
import { COLLECTIONS_PATH, CollectionsPanel } from './panels/collections-panel.tsx';
import { CommercePreferencesPanel } from './panels/commerce-preferences-panel.tsx';
import { ContributorsPanel } from './panels/contributors-panel.tsx';
import { DonationsPanel } from './panels/donations-panel.tsx';
import { FormBuilderPanel } from './panels/form-builder-panel.tsx';
import { FormSubmissionsPanel } from './panels/form-submissions-panel.tsx';
import { GalleryPanel } from './panels/gallery-panel.tsx';
import { InventoryPanel } from './panels/inventory-panel.tsx';
import { InvitationPanel } from './panels/invitation-panel.tsx';
import { ItemEditorPanel } from './panels/item-editor-panel.tsx';
import { ITEM_PANELS, ItemsPanel } from './panels/items-panel.tsx';
import { MailingListPanel } from './panels/mailing-list-panel.tsx';
import { MultilingualPanel } from './panels/multilingual-panel.tsx';
import { NavigationPanel } from './panels/navigation-panel.tsx';
import { OrdersPanel } from './panels/orders-panel.tsx';
import { PageEditorPanel } from './panels/page-editor-panel.tsx';
import { PAGES_PATH, PagesPanel } from './panels/pages-panel.tsx';
import { PlanPanel } from './panels/plan-panel.tsx';
import { PRODUCT_EDITOR_PATH, PRODUCTS_PANEL_PATH } from './panels/product-editor-model.ts';
import { ProductEditorPanel } from './panels/product-editor-panel.tsx';
import { ProductFeedPanel } from './panels/product-feed-panel.tsx';
import { ProductsPanel } from './panels/products-panel.tsx';
import { RestockPanel } from './panels/restock-panel.tsx';
import { SignInPanel } from './panels/sign-in-panel.tsx';
import { SiteSettingsPanel } from './panels/site-settings-panel.tsx';
import { StylePanel } from './panels/style-panel.tsx';
import { CONFIG_PATH, Link, Router, useRouter } from './router.tsx';
import { SessionProvider, useSession } from './session.tsx';

interface Route {
  path: string;
  label?: string;
  needs: OwnerAction;
  /** `rest`: what follows the path for a route that takes one (`/config/pages/<id>`), else ''. */
  render(rest: string): ReactNode;
  /** The route also answers paths under it, handing render the rest. */
  withRest?: boolean;
}

export const BILLING_PANEL_PATH = `${CONFIG_PATH}/billing`;

/** The panels by path; those with a label are in the navigation. */
const ROUTES: readonly Route[] = [
  {
    path: `${CONFIG_PATH}/settings`,
    label: 'Site settings',
    needs: 'site-settings:read',
    render: () => <SiteSettingsPanel />,
  },
  {
    path: `${CONFIG_PATH}/navigation`,
    label: 'Navigation',
    needs: 'navigation:read',
    render: () => <NavigationPanel />,
  },
  { path: PRODUCTS_PANEL_PATH, label: 'Products', needs: 'products:read', render: () => <ProductsPanel /> },
  { path: PRODUCT_EDITOR_PATH, needs: 'products:read', render: () => <ProductEditorPanel /> },
  { path: `${CONFIG_PATH}/inventory`, label: 'Inventory', needs: 'inventory:read', render: () => <InventoryPanel /> },
  { path: `${CONFIG_PATH}/orders`, label: 'Orders', needs: 'orders:read', render: () => <OrdersPanel /> },
  { path: `${CONFIG_PATH}/donations`, label: 'Donations', needs: 'orders:read', render: () => <DonationsPanel /> },
  {
    path: `${CONFIG_PATH}/analytics`,
    label: 'Analytics',
    needs: 'analytics:read',
    render: () => <AnalyticsPanel />,
  },
  { path: `${CONFIG_PATH}/forms`, label: 'Forms', needs: 'forms:read', render: () => <FormBuilderPanel /> },
  {
    path: `${CONFIG_PATH}/form-submissions`,
    label: 'Form submissions',
    needs: 'form-submissions:read',
    render: () => <FormSubmissionsPanel />,
  },
  {
    path: `${CONFIG_PATH}/restock`,
    label: 'Restock notifications',
    needs: 'restock-notifications',
    render: () => <RestockPanel />,
  },
  {
    path: `${CONFIG_PATH}/mailing-list`,
    label: 'Mailing list',
    needs: 'form-submissions:read',
    render: () => <MailingListPanel />,
  },
  {
    path: `${CONFIG_PATH}/product-feed`,
    label: 'Product feed',
    needs: 'product-feed:read',
    render: () => <ProductFeedPanel />,
  },
  {
    path: `${CONFIG_PATH}/multilingual`,
    label: 'Multilingual',
    needs: 'multilingual:read',
    render: () => <MultilingualPanel />,
  },
  {
    path: `${CONFIG_PATH}/code-injection`,
    label: 'Code injection',
    needs: 'code-injection:read',
    render: () => <CodeInjectionPanel />,
  },
  {
    path: `${CONFIG_PATH}/commerce-preferences`,
    label: 'Commerce preferences',
    needs: 'commerce-preferences:read',
    render: () => <CommercePreferencesPanel />,
  },
  {
    path: `${CONFIG_PATH}/contributors`,
    label: 'Contributors',
    needs: 'contributors:read',
    render: () => <ContributorsPanel />,
  },
  { path: `${CONFIG_PATH}/api-keys`, label: 'API keys', needs: 'api-keys:read', render: () => <ApiKeysPanel /> },
  { path: `${CONFIG_PATH}/api-keys/learn-more`, needs: 'api-keys:read', render: () => <ApiKeysLearnMorePanel /> },
  { path: `${CONFIG_PATH}/api-keys/terms-of-use`, needs: 'api-keys:read', render: () => <ApiKeysTermsPanel /> },
  { path: BILLING_PANEL_PATH, label: 'Plan', needs: 'billing:read', render: () => <PlanPanel reason={planReason()} /> },
  // Content editing (issue 23).
  { path: PAGES_PATH, label: 'Pages', needs: 'content:read', render: () => <PagesPanel /> },
  { path: PAGES_PATH, needs: 'content:read', withRest: true, render: (id) => <PageEditorPanel key={id} id={id} /> },
  { path: ITEM_PANELS.blog.path, label: 'Posts', needs: 'content:read', render: () => <ItemsPanel kind="blog" /> },
  // Not keyed by the id: a new post's editor stays the same panel once saved, its status message with it.
  {
    path: ITEM_PANELS.blog.path,
    needs: 'content:read',
    withRest: true,
    render: (id) => <ItemEditorPanel kind="blog" itemId={id} />,
  },
  { path: ITEM_PANELS.events.path, label: 'Events', needs: 'content:read', render: () => <ItemsPanel kind="events" /> },
  {
    path: ITEM_PANELS.events.path,
    needs: 'content:read',
    withRest: true,
    render: (id) => <ItemEditorPanel kind="events" itemId={id} />,
  },
  { path: `${CONFIG_PATH}/gallery`, label: 'Gallery', needs: 'content:read', render: () => <GalleryPanel /> },
  { path: COLLECTIONS_PATH, label: 'Collections', needs: 'content:read', render: () => <CollectionsPanel /> },
  {
    path: COLLECTIONS_PATH,
    needs: 'content:read',
    withRest: true,
    render: (id) => <CollectionSettingsPanel key={id} id={id} />,
  },
  { path: `${CONFIG_PATH}/style`, label: 'Style', needs: 'content:read', render: () => <StylePanel /> },
];

/** The route a path opens: an exact one, or one that takes what follows it (one segment). */
function findRoute(path: string): { route: Route; rest: string } | undefined {
  const exact = ROUTES.find((candidate) => !candidate.withRest && candidate.path === path);
  if (exact) return { route: exact, rest: '' };
  for (const candidate of ROUTES) {
    if (!candidate.withRest || !path.startsWith(`${candidate.path}/`)) continue;
    const rest = path.slice(candidate.path.length + 1);
    if (/^[A-Za-z0-9-]+$/.test(rest)) return { route: candidate, rest };
  }
  return undefined;
}

function planReason(): 'upgrade' | 'subscription' | null {
  const from = new URLSearchParams(window.location.search).get('from');
  return from === 'upgrade' || from === 'subscription' ? from : null;
}

export function AdminApp() {
  return (
    <Router>
      <SessionProvider>
        <Shell />
      </SessionProvider>
    </Router>
  );
}

function Shell() {
  const { session, can, signOut, loadError } = useSession();
  const { path, navigate } = useRouter();
  const visible = ROUTES.filter((route) => route.label && can(route.needs));
  return (
    <>
      <a className="skip-link" href="#admin-main">
        Skip to the panel
      </a>
      <header className="banner">
        <p className="banner__title">{session ? session.site.title : 'Site administration'}</p>
        {session ? (
          <div className="banner__account">
            <span>
              {session.contributor.name} ({session.contributor.roleLabel})
            </span>
            <a href="/">View site</a>
            <button
              type="button"
              className="button"
              onClick={() => {
                void signOut().then(() => navigate(CONFIG_PATH));
              }}
            >
              Sign out
            </button>
          </div>
        ) : null}
      </header>
      {session && visible.length > 0 ? (
        <nav aria-label="Administration" className="side-nav">
          <ul>
            {visible.map((route) => (
              <li key={route.path}>
                <Link to={route.path}>{route.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <main id="admin-main" tabIndex={-1}>
        {loadError ? <p role="alert">{loadError}</p> : null}
        {session === undefined ? <p>Loading…</p> : <Current path={path} />}
      </main>
    </>
  );
}

function Current({ path }: { path: string }) {
  const { session, can } = useSession();
  if (path === `${CONFIG_PATH}/invitation`) return <InvitationPanel />;
  if (!session) return <SignInPanel />;
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (normalized === CONFIG_PATH) return <Home />;
  const found = findRoute(normalized);
  if (!found) {
    return (
      <Panel title="Not found">
        <p>
          There is no such page. <Link to={CONFIG_PATH}>Back to the start</Link>
        </p>
      </Panel>
    );
  }
  const { route, rest } = found;
  if (!can(route.needs)) {
    return (
      <Panel title="Not allowed">
        <p>Your role on this website does not allow this.</p>
      </Panel>
    );
  }
  return <>{route.render(rest)}</>;
}

function Home() {
  const { session, can } = useSession();
  const visible = ROUTES.filter((route) => route.label && can(route.needs));
  return (
    <Panel title={`Welcome, ${session?.contributor.name ?? ''}`}>
      {visible.length > 0 ? (
        <ul className="plain-list">
          {visible.map((route) => (
            <li key={route.path}>
              <Link to={route.path}>{route.label}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Your role does not include any panel yet.</p>
      )}
    </Panel>
  );
}
