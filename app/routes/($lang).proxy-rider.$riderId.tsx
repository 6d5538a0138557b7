/** /proxy-rider/{id}: an admin confirms, then acts as this rider (POST; GET only asks). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProxyConfirm } from '~/components/proxy-confirm';
import { proxyAction, proxyLoader } from '~/http/auth/proxy-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  proxyLoader(request, 'rider', params.riderId);
export const action = ({ request, params }: ActionFunctionArgs) =>
  proxyAction(request, 'rider', params.riderId);

export default function ProxyRider() {
  const data = useLoaderData<typeof loader>();
  return <ProxyConfirm role="rider" name={data.name} />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:proxyRider' } as const satisfies RouteHandle;
