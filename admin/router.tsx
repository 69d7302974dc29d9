/**
 * The admin app's small router: the path under /config is the state,
 * links push it onto the history, Back and Forward pop it. After a
 * navigation the new panel's heading takes the focus, so a screen reader
 * announces where the user is and Tab starts from the panel's top.
 */
import { type AnchorHTMLAttributes, createContext, type ReactNode, useContext, useEffect, useState } from 'react';

export const CONFIG_PATH = '/config';

interface RouterState {
  path: string;
  navigate(path: string): void;
}

const RouterContext = createContext<RouterState>({ path: CONFIG_PATH, navigate: () => {} });

/** Set after a navigation (not the first load): the next panel to draw moves the focus to its heading. */
let focusPending = false;

export function Router({ children }: { children: ReactNode }) {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => {
      focusPending = true;
      setPath(window.location.pathname);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = (to: string) => {
    if (to === window.location.pathname + window.location.search) return;
    window.history.pushState(null, '', to);
    focusPending = true;
    setPath(window.location.pathname);
  };
  return <RouterContext.Provider value={{ path, navigate }}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterState {
  return useContext(RouterContext);
}

/** A link inside the app: a real <a href> (opens in a new tab too), followed without a page load. */
export function Link({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { navigate, path } = useRouter();
  return (
    <a
      {...rest}
      href={to}
      aria-current={path === to ? 'page' : undefined}
      onClick={(event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return;
        }
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** Moves the focus to a panel's heading after a navigation; the first load leaves the focus where the browser put it. */
export function focusHeadingAfterNavigation(heading: HTMLElement | null): void {
  if (!focusPending || !heading) return;
  focusPending = false;
  heading.focus();
}
