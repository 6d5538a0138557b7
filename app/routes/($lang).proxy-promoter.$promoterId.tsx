/** /proxy-promoter/{id}: an admin confirms, then acts as this promoter (POST; GET only asks). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProxyConfirm } from '~/components/proxy-confirm';
import { proxyAction, proxyLoader } from '~/http/auth/proxy-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  proxyLoader(request, 'promoter', params.promoterId);
export const action = ({ request, params }: ActionFunctionArgs) =>
  proxyAction(request, 'promoter', params.promoterId);

export default function ProxyPromoter() {
  const data = useLoaderData<typeof loader>();
  return <ProxyConfirm role="promoter" name={data.name} />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:proxyPromoter' } as const satisfies RouteHandle;
