/** Links and hooks that keep the user's language in every URL. */
import { Link, NavLink, useLocation, type LinkProps, type NavLinkProps } from '@remix-run/react';
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

/** <Link> whose `to` (a site path like '/events') is put in the current language. */
export function LLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const localize = useLocalize();
  return <Link to={localize(to)} {...props} />;
}

/** <NavLink> in the current language. */
export function LNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const localize = useLocalize();
  return <NavLink to={localize(to)} {...props} />;
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
