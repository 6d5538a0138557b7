/** Any path no route knows: the 404 page inside the public layout. */
export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}
