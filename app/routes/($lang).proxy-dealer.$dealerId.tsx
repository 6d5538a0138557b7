/** /proxy-dealer/{id}: an admin confirms, then acts as this dealer (POST; GET only asks). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProxyConfirm } from '~/components/proxy-confirm';
import { proxyAction, proxyLoader } from '~/http/auth/proxy-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  proxyLoader(request, 'dealer', params.dealerId);
export const action = ({ request, params }: ActionFunctionArgs) =>
  proxyAction(request, 'dealer', params.dealerId);

export default function ProxyDealer() {
  const data = useLoaderData<typeof loader>();
  return <ProxyConfirm role="dealer" name={data.name} />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:proxyDealer' } as const satisfies RouteHandle;
