/**
 * The brands and their host names as a request's brand is chosen from them (decision 048), cached
 * until they change (the `brands` data version moves with any change to them).
 */
import { asc } from 'drizzle-orm';
import type { Conn } from '~/db.server';
import { brandHosts, brands } from '#db/schema';
import { cachedFor } from '~/services/platform/data-version.server';
import { pickedSlug, resolveBrand, type BrandSite } from '~/services/brands/brand-by-host.server';

/** Every brand in its order, each with its host names (its public address's host among them). */
export function brandSites(conn: Conn): readonly BrandSite[] {
  return cachedFor(conn, 'brands', 'sites', () => readSites(conn));
}

function readSites(conn: Conn): BrandSite[] {
  const hosts = new Map<number, string[]>();
  for (const h of conn.select().from(brandHosts).orderBy(asc(brandHosts.host)).all())
    hosts.set(h.brandId, [...(hosts.get(h.brandId) ?? []), h.host]);
  return conn
    .select({ id: brands.id, slug: brands.slug, name: brands.name, publicUrl: brands.publicUrl })
    .from(brands)
    .orderBy(asc(brands.sortOrder), asc(brands.id))
    .all()
    .map((b) => {
      const own = hosts.get(b.id) ?? [];
      const fromUrl = hostOf(b.publicUrl);
      return { ...b, hosts: fromUrl && !own.includes(fromUrl) ? [...own, fromUrl] : own };
    });
}

/** A public address's host (lower case, with a port that is not the scheme's); null if none. */
function hostOf(url: string | null): string | null {
  // A stored address that does not parse must not fail every request: it names no host.
  return url && URL.canParse(url) ? new URL(url).host.toLowerCase() : null;
}

/** A request's brand from its Host and Cookie headers (null: no brand answers this host). */
export function requestBrand(
  conn: Conn,
  req: { host: string | undefined; cookie: string | undefined; localTrial: boolean },
): BrandSite | null {
  return resolveBrand(brandSites(conn), {
    host: req.host,
    localTrial: req.localTrial,
    picked: pickedSlug(req.cookie),
  });
}
