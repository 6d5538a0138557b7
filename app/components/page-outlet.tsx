import { Outlet, useLocation } from '@remix-run/react';

/**
 * The area's page, mounted anew when the path names another page: React keeps a route's
 * component, and its forms' typed values, when only a path parameter changes, so a form would
 * still show the event, rider or dealer left behind (and save it over the new one). A query change
 * (a filter, a sort, a page of a list) keeps the page as it is.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return <Outlet key={pathname} />;
}
