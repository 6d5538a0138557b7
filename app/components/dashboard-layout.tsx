/**
 * Per-role dashboard layout: a sidebar (the desktop column; on a phone the same sidebar is the
 * ☰ menu's panel, which closes on route change), a compact header with the user's image (default
 * avatar if none), name and e-mail, a user menu (View profile, Logout) that closes on an outside
 * click or a choice, and the proxy banner while an admin impersonates.
 */
import { Form } from '@remix-run/react';
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '~/components/language-menu';
import { LLink, LNavLink, useLocalize } from '~/components/link';
import { Logo } from '~/components/public-layout';
import { useAutoCloseDetails, useMenuPanel } from '~/components/menu-panel';
import type { Role } from '~/lib/constants';

type NavItem = { to: string; label: string; end?: boolean; children?: NavItem[] };

const SIDEBARS: Record<Role, NavItem[]> = {
  admin: [
    { to: '/auth/admin', label: 'common:sidebar.home', end: true },
    {
      to: '',
      label: 'common:sidebar.reports',
      children: [
        { to: '/auth/admin/summary', label: 'common:sidebar.summary' },
        { to: '/auth/admin/market-share-month', label: 'common:sidebar.marketShareMonth' },
        { to: '/auth/admin/market-share-series', label: 'common:sidebar.marketShareSeries' },
        { to: '/auth/admin/riders', label: 'common:sidebar.riders' },
        { to: '/auth/admin/rider-vin-report', label: 'common:sidebar.riderVinReport' },
        { to: '/auth/admin/rider-earnings', label: 'common:sidebar.riderEarnings' },
        { to: '/auth/admin/rider-redemptions', label: 'common:sidebar.riderRedemptions' },
        { to: '/auth/admin/dealer-refunds', label: 'common:sidebar.dealerRefunds' },
        { to: '/auth/admin/dealers', label: 'common:sidebar.dealers' },
        { to: '/auth/admin/promoters', label: 'common:sidebar.promoters' },
        { to: '/auth/admin/late-results-events', label: 'common:sidebar.lateResults' },
        { to: '/auth/admin/reminders', label: 'reminders:nav' },
        { to: '/auth/admin/tax-lists', label: 'tax:nav' },
        { to: '/auth/admin/export-series-events', label: 'common:sidebar.exportSeriesEvents' },
        { to: '/auth/admin/export-class-payouts', label: 'common:sidebar.exportClassPayouts' },
      ],
    },
    { to: '/auth/admin/series', label: 'common:sidebar.series' },
    { to: '/auth/admin/events', label: 'common:sidebar.events' },
    { to: '/auth/admin/categories', label: 'common:sidebar.categories' },
    { to: '/auth/admin/vin-patterns', label: 'common:sidebar.vinPatterns' },
    { to: '/auth/admin/mail', label: 'common:sidebar.mail' },
    { to: '/auth/admin/claims', label: 'claims:review.title' },
    { to: '/auth/admin/approvals', label: 'moneyControls:nav' },
    { to: '/auth/admin/second-factors', label: 'twofactor:admin.title' },
    { to: '/auth/admin/invitations', label: 'common:sidebar.invitations' },
  ],
  dealer: [
    { to: '/auth/dealer', label: 'common:sidebar.home', end: true },
    { to: '/auth/dealer/redemptions', label: 'common:sidebar.allRedemptions' },
  ],
  promoter: [
    { to: '/auth/promoter', label: 'common:sidebar.home', end: true },
    { to: '/auth/promoter/claims', label: 'claims:review.title' },
  ],
  rider: [
    { to: '/auth/rider', label: 'common:sidebar.home', end: true },
    { to: '/auth/rider/earnings', label: 'common:sidebar.earning' },
    { to: '/auth/rider/redemptions', label: 'common:sidebar.redemptions' },
    { to: '/auth/rider/dealers', label: 'common:sidebar.dealers' },
    { to: '/auth/rider/series', label: 'common:sidebar.series' },
    { to: '/auth/rider/events', label: 'common:sidebar.events' },
  ],
};

/** Every label of a sidebar, looked up in one pass before the list renders. */
function navWords(items: NavItem[], t: (key: string) => string): Map<string, string> {
  const words = new Map<string, string>();
  for (const item of items) {
    words.set(item.label, t(item.label));
    for (const c of item.children ?? []) words.set(c.label, t(c.label));
  }
  return words;
}

function NavList({ items, words }: { items: NavItem[]; words: Map<string, string> }) {
  const t = (key: string) => words.get(key) ?? key;
  const link = (item: NavItem) => (
    <LNavLink
      to={item.to}
      end={item.end}
      prefetch="intent"
      className={({ isActive }) =>
        `block rounded px-3 py-1.5 text-sm ${isActive ? 'bg-brand-fill font-semibold text-ink' : 'text-gray-200 hover:bg-gray-700'}`
      }
    >
      {t(item.label)}
    </LNavLink>
  );
  return (
    <ul className="space-y-1">
      {items.map((item) =>
        item.children ? (
          <li key={item.label}>
            <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-gray-400 uppercase">
              {t(item.label)}
            </p>
            <ul className="mt-1 space-y-1">
              {item.children.map((c) => (
                <li key={c.to}>{link(c)}</li>
              ))}
            </ul>
          </li>
        ) : (
          <li key={item.to}>{link(item)}</li>
        ),
      )}
    </ul>
  );
}

export type DashboardUser = {
  name: string;
  email: string;
  image: string | null;
  impersonating: boolean;
  proxyHostName?: string | null;
};

function Avatar({ user }: { user: DashboardUser }) {
  const { t } = useTranslation();
  if (user.image) {
    return (
      <img
        src={user.image}
        alt={t('common:user.avatarAlt')}
        className="h-8 w-8 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="default-avatar"
      className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-gray-300 text-gray-700"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
        <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5Z" />
      </svg>
    </span>
  );
}

function UserMenu({ role, user }: { role: Role; user: DashboardUser }) {
  const { t } = useTranslation();
  const ref = useAutoCloseDetails();
  const localize = useLocalize();
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return (
    <details ref={ref} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2" data-testid="user-menu">
        <Avatar user={user} />
        {/* On a phone the name is hidden: the menu still needs a name (said, not shown). */}
        <span className="sr-only sm:hidden">{t('a11y:userMenu', { name: user.name })}</span>
        <span className="hidden text-left leading-tight sm:block">
          <span className="block text-sm font-semibold" data-testid="user-name">
            {user.name}
          </span>
          <span className="block text-xs text-gray-500" data-testid="user-email">
            {user.email}
          </span>
        </span>
      </summary>
      <ul className="absolute right-0 z-30 mt-2 w-48 rounded-md border bg-white py-1 shadow-lg">
        <li>
          <LLink
            to={`/auth/${role}/profile`}
            className="block px-4 py-2 hover:bg-gray-50"
            onClick={close}
          >
            {t('common:user.viewProfile')}
          </LLink>
        </li>
        <li>
          <Form
            method="post"
            action={`/api/logout?redirectTo=${encodeURIComponent(localize('/login'))}`}
            onSubmit={close}
          >
            <button
              type="submit"
              className="block w-full px-4 py-2 text-left hover:bg-gray-50"
              data-testid="logout"
            >
              {t('common:user.logout')}
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}

function ProxyBanner({ user }: { user: DashboardUser }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <div
      role="status"
      data-testid="proxy-banner"
      className="flex flex-wrap items-center justify-between gap-2 bg-yellow-300 px-4 py-2 text-sm text-ink"
    >
      <span>{t('common:proxy.banner', { name: user.name, admin: user.proxyHostName ?? '' })}</span>
      <Form method="post" action={localize('/proxy-remove')} reloadDocument>
        <button type="submit" className="rounded bg-ink px-3 py-1 font-semibold text-white">
          {t('common:proxy.remove')}
        </button>
      </Form>
    </div>
  );
}

/**
 * One navigation for both widths: from `md` the aside is the dark left column; on a phone it is
 * hidden unless the header's ☰ menu (a <details>) is open, when CSS shows it under the header as
 * the menu's panel (`.dashboard-row` in tailwind.css), so it works without JavaScript too. The
 * list is rendered once: it is the largest part of a dashboard's HTML before the page's own.
 */
export function DashboardLayout({
  role,
  user,
  children,
}: {
  role: Role;
  user: DashboardUser;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const items = SIDEBARS[role];
  const words = navWords(items, t);
  const banner = useRef<HTMLDivElement>(null);
  const headerEnd = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLElement>(null);
  const aside = useRef<HTMLElement>(null);
  // What the open phone menu makes inert: everything but the menu's toggle and the sidebar.
  const behind = useMemo(() => [banner, headerEnd, main], []);
  const menu = useMenuPanel(behind, aside);
  return (
    <div className="flex min-h-full flex-col">
      {user.impersonating && role !== 'admin' ? (
        <div ref={banner}>
          <ProxyBanner user={user} />
        </div>
      ) : null}
      <div className="dashboard-row relative flex flex-1">
        <aside
          ref={aside}
          onKeyDown={menu.onKeyDown}
          className="hidden w-64 shrink-0 bg-ink p-4 md:block"
          aria-label={t('common:nav.sidebar')}
        >
          <div className="mb-6 grid grid-cols-[1fr_auto] items-center gap-2 text-white">
            <Logo />
            <button
              {...menu.closeButton}
              data-testid="mobile-menu-close"
              className="h-9 w-9 rounded text-xl font-bold text-white hover:bg-gray-700 md:hidden"
            >
              ×
            </button>
          </div>
          <nav data-testid="sidebar">
            <NavList items={items} words={words} />
          </nav>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 items-center justify-between gap-4 border-b bg-white px-4">
            <details
              {...menu.details}
              className="dashboard-menu md:hidden"
              data-testid="mobile-menu"
            >
              <summary
                {...menu.toggle}
                className="cursor-pointer list-none rounded border px-3 py-1"
                data-testid="mobile-menu-toggle"
              >
                ☰
              </summary>
            </details>
            <div className="hidden md:block" />
            <div className="flex items-center gap-4" ref={headerEnd}>
              <LanguageMenu />
              <UserMenu role={role} user={user} />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="flex-1 p-4 md:p-8" ref={main}>
            {children}
          </main>
        </div>
      </div>
    </div>
  );
}

/** A page that later work fills: the layout and its heading. */
export function PageHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
