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
import { CommercePreferencesPanel } from './panels/commerce-preferences-panel.tsx';
import { ContributorsPanel } from './panels/contributors-panel.tsx';
import { FormBuilderPanel } from './panels/form-builder-panel.tsx';
import { FormSubmissionsPanel } from './panels/form-submissions-panel.tsx';
import { InventoryPanel } from './panels/inventory-panel.tsx';
import { InvitationPanel } from './panels/invitation-panel.tsx';
import { MultilingualPanel } from './panels/multilingual-panel.tsx';
import { NavigationPanel } from './panels/navigation-panel.tsx';
import { PlanPanel } from './panels/plan-panel.tsx';
import { PRODUCT_EDITOR_PATH, PRODUCTS_PANEL_PATH } from './panels/product-editor-model.ts';
import { ProductEditorPanel } from './panels/product-editor-panel.tsx';
import { ProductFeedPanel } from './panels/product-feed-panel.tsx';
import { ProductsPanel } from './panels/products-panel.tsx';
import { RestockPanel } from './panels/restock-panel.tsx';
import { SignInPanel } from './panels/sign-in-panel.tsx';
import { SiteSettingsPanel } from './panels/site-settings-panel.tsx';
import { CONFIG_PATH, Link, Router, useRouter } from './router.tsx';
import { SessionProvider, useSession } from './session.tsx';

interface Route {
  path: string;
  label?: string;
  needs: OwnerAction;
  render(): ReactNode;
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
];

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
  const route = ROUTES.find((candidate) => candidate.path === normalized);
  if (!route) {
    return (
      <Panel title="Not found">
        <p>
          There is no such page. <Link to={CONFIG_PATH}>Back to the start</Link>
        </p>
      </Panel>
    );
  }
  if (!can(route.needs)) {
    return (
      <Panel title="Not allowed">
        <p>Your role on this website does not allow this.</p>
      </Panel>
    );
  }
  return <>{route.render()}</>;
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
