import { useRouteLoaderData } from '@remix-run/react';
import type { rootLoader } from '~/http/root-loader.server';

export type RootData = typeof rootLoader;

/** The root loader's data (user, flash, public env), from any component. */
export function useRootData() {
  return useRouteLoaderData<RootData>('root');
}
