import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The storefront frame: skip link, header, the screen in <main>, footer. */
export function Layout() {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const previous = useRef(pathname);
  // Admin pages have their own header (web/src/features/staff/admin-header.tsx): the storefront's
  // basket and sign-out above it would be a second, wrong set.
  const adminShown = useRouterState({
    select: (state) =>
      state.matches.some((match) => match.routeId === '/admin' && match.status === 'success'),
  });

  // After a client-side navigation, keyboard and screen-reader users start at the new content
  // (the scroll position is the router's business, hence preventScroll).
  useEffect(() => {
    if (previous.current !== undefined && pathname !== previous.current)
      main.current?.focus({ preventScroll: true });
    previous.current = pathname;
  }, [pathname]);

  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t('a11y.skipToContent')}
      </a>
      {!adminShown && <SiteHeader />}
      <main id="main" ref={main} tabIndex={-1} className="main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
