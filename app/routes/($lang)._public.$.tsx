import type { RouteHandle } from '~/lib/route-handle';
/** Any path no route knows: the 404 page inside the public layout. */
export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', title: 'titles:notFound' } as const satisfies RouteHandle;
