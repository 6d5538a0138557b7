/**
 * The app's route table as the build has it (Remix's flat-routes convention over app/routes),
 * each route with its module's real `handle`: what server/route-policy.ts reads from the build.
 */
import path from 'node:path';
import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev';
import type { RouteEntry } from '../../../server/route-policy';

const handles = import.meta.glob<unknown>('/app/routes/*.tsx', { import: 'handle', eager: true });

export function appRouteTable(): RouteEntry[] {
  const manifest = flatRoutes(path.join(process.cwd(), 'app'));
  const entries: RouteEntry[] = [{ id: 'root', path: '', module: {} }];
  for (const r of Object.values(manifest)) {
    entries.push({
      id: r.id,
      parentId: r.parentId,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      module: { handle: handles[`/app/${r.file}`] },
    });
  }
  return entries;
}
