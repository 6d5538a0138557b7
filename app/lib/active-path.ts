/** Which navigation link marks the page shown. */

/**
 * Whether a link to `to` is the current page or (unless `end`) one of its sub-pages: the rule
 * of react-router's NavLink, compared without regard to case like it.
 */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  return !end && here.startsWith(target) && here.charAt(target.length) === '/';
}
