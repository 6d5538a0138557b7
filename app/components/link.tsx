/**
 * Links that keep the user's language in every URL.
 *
 * `LLink` and `LNavLink` are plain anchors marked `data-discover`: one document listener
 * (`useLinkNavigation`, installed once by the root) turns their clicks into client navigations,
 * and `useIntentPrefetch` prefetches the pages of those marked `data-prefetch` on hover or focus.
 * A Remix `<Link>` does that work once per link on every server render (its href resolution,
 * prefetch and click hooks); the layouts render dozens of links on every page, so they share one
 * listener instead. Without JavaScript, or before hydration, they are ordinary links.
 */
import { PrefetchPageLinks, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import { isActivePath } from '~/lib/active-path';
import { langFromPath, localizePath, type Lang } from '~/lib/lang';

/** The language of the current page (from the URL). */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/** Turns a site path into the current language's path. */
export function useLocalize() {
  const lang = useLang();
  return (path: string) => localizePath(path, lang);
}

type AnchorProps = Omit<ComponentPropsWithoutRef<'a'>, 'href'>;

/**
 * The attribute of a client-navigated link: `data-discover` lets Remix's route discovery learn
 * the target's route ahead of the click, as it does for its own links, and marks the link for the
 * click listener (one attribute rather than two: each costs the server renderer on every link).
 */
const navAttributes = { 'data-discover': 'true' } as const;

/**
 * The attributes of a client-navigated link to a site path in `lang`, for a list's rows: the row
 * has the page's language already, and a `LLink` per row asked for it again (a hook per link).
 */
export function navLinkProps(to: string, lang: Lang) {
  return { href: localizePath(to, lang), ...navAttributes };
}

/**
 * A link to a site path (like '/events'), put in the current language. `reloadDocument`: the
 * browser loads the page itself (e.g. from an error page, whose app state is not to be trusted).
 */
export function LLink({
  to,
  reloadDocument,
  ...props
}: AnchorProps & { to: string; reloadDocument?: boolean }) {
  const lang = useLang();
  return (
    <a href={localizePath(to, lang)} {...(reloadDocument ? null : navAttributes)} {...props} />
  );
}

/**
 * A link to a location already in the page's language: this page with other parameters
 * (pagination, sorting, a confirmation step). `preventScrollReset` keeps the scroll position.
 */
export function PageLink({
  to,
  preventScrollReset,
  ...props
}: AnchorProps & {
  to: string | { pathname: string; search: string };
  preventScrollReset?: boolean;
}) {
  const href = typeof to === 'string' ? to : `${to.pathname}${to.search}`;
  return (
    <a
      href={href}
      {...navAttributes}
      data-keep-scroll={preventScrollReset ? '' : undefined}
      {...props}
    />
  );
}

/** A navigation link in the current language: `aria-current="page"` and its classes when active. */
export function LNavLink({
  to,
  end,
  prefetch,
  className,
  ...props
}: Omit<AnchorProps, 'className'> & {
  to: string;
  end?: boolean;
  /** 'intent': the target page is prefetched while the pointer or focus is on the link. */
  prefetch?: 'intent';
  className: (state: { isActive: boolean }) => string;
}) {
  const { pathname } = useLocation();
  const href = localizePath(to, langFromPath(pathname));
  const isActive = isActivePath(pathname, href, end);
  return (
    <a
      href={href}
      {...navAttributes}
      data-prefetch={prefetch}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
      {...props}
    />
  );
}

/** The same-origin path a plain link goes to, or null when it is not one of ours to navigate. */
function navTarget(event: MouseEvent): { to: string; preventScrollReset: boolean } | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[data-discover]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return {
    to: `${url.pathname}${url.search}${url.hash}`,
    preventScrollReset: anchor.hasAttribute('data-keep-scroll'),
  };
}

/**
 * Client navigation for every `data-discover` link of the page (see the top of this file). Like a
 * Remix `<Link>`, a click on a link to the page already shown replaces its history entry.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = navTarget(event);
      if (!target) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      navigate(target.to, {
        replace: target.to === `${pathname}${search}${hash}`,
        preventScrollReset: target.preventScrollReset,
      });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}

/** How long the pointer or focus stays on a link before its page is prefetched (as Remix's). */
const INTENT_DELAY_MS = 100;

/**
 * The page to prefetch: that of the `data-prefetch` link the pointer or focus has rested on,
 * null once it leaves. Render it with `<IntentPrefetch />`.
 */
function useIntentPrefetch(): string | null {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const linkOf = (event: Event) =>
      event.target instanceof Element ? event.target.closest('a[data-prefetch]') : null;
    const enter = (event: Event) => {
      const anchor = linkOf(event);
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      clearTimeout(timer);
      timer = setTimeout(() => setPage(`${url.pathname}${url.search}`), INTENT_DELAY_MS);
    };
    const leave = (event: Event) => {
      if (!linkOf(event)) return;
      clearTimeout(timer);
      setPage(null);
    };
    const events: [string, (event: Event) => void][] = [
      ['mouseover', enter],
      ['focusin', enter],
      ['touchstart', enter],
      ['mouseout', leave],
      ['focusout', leave],
    ];
    for (const [name, fn] of events) document.addEventListener(name, fn, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const [name, fn] of events) document.removeEventListener(name, fn);
    };
  }, []);
  return page;
}

/** The prefetch links of the page a `data-prefetch` link is about to open (see above). */
export function IntentPrefetch() {
  const page = useIntentPrefetch();
  return page ? <PrefetchPageLinks page={page} /> : null;
}

/** A row (or column) of links: each a site path, its words and its classes (e.g. 'btn'). */
export function LinkGroup({
  className,
  links,
}: {
  className: string;
  links: readonly { to: string; label: string; className: string }[];
}) {
  return (
    <div className={className}>
      {links.map((l) => (
        <LLink key={l.to} to={l.to} className={l.className}>
          {l.label}
        </LLink>
      ))}
    </div>
  );
}
