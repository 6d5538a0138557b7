/**
 * Which brand a request is for, from its host (decision 048). Pure: the brands and their host
 * names are read by `brand-sites.server.ts`, the host and the picker cookie by the server.
 */

/** A brand as its site needs it: its host names lower case, with the port when not the scheme's. */
export type BrandSite = {
  id: number;
  slug: string;
  name: string;
  /** The site's origin; null: PUBLIC_URL (brand 1) or the request's own (a local trial). */
  publicUrl: string | null;
  hosts: readonly string[];
};

export type BrandRequest = {
  /** The request's Host header (name and maybe port). */
  host: string | undefined;
  /** A local trial (no PUBLIC_URL): every brand shares localhost and a cookie picks one. */
  localTrial: boolean;
  /** The slug the picker cookie names (`pickedSlug`). */
  picked?: string | null;
};

/** The cookie a local trial's brand picker sets: a brand's slug. */
const BRAND_PICKER_COOKIE = 'cc_brand';

const PICKED = new RegExp(`(?:^|;)\\s*${BRAND_PICKER_COOKIE}=([a-z0-9-]{1,40})\\s*(?:;|$)`);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The slug a Cookie header's picker names, or null. */
export function pickedSlug(cookieHeader: string | undefined): string | null {
  return (cookieHeader && PICKED.exec(cookieHeader)?.[1]) || null;
}

/** A Host header as brand hosts are written: lower case, no trailing dot; and its name alone. */
function hostParts(host: string): { full: string; name: string } {
  const full = host
    .trim()
    .toLowerCase()
    .replace(/\.(?=:\d+$|$)/, '');
  const port = /:\d+$/.exec(full);
  // An IPv6 literal keeps its brackets: '[::1]:3000' is named '[::1]'.
  return { full, name: port ? full.slice(0, port.index) : full };
}

/**
 * The request's brand: the only one of an install of one brand; else the brand whose host names
 * the request (with its port, then without); else, on a local trial's loopback host, the picked
 * brand or brand 1; else none (the caller answers as for a site that is not here).
 */
export function resolveBrand(sites: readonly BrandSite[], req: BrandRequest): BrandSite | null {
  if (sites.length <= 1) return sites[0] ?? null;
  if (!req.host) return null;
  const { full, name } = hostParts(req.host);
  const byHost =
    sites.find((s) => s.hosts.includes(full)) ?? sites.find((s) => s.hosts.includes(name));
  if (byHost) return byHost;
  if (!req.localTrial || !LOOPBACK.has(name)) return null;
  return (
    (req.picked ? sites.find((s) => s.slug === req.picked) : undefined) ??
    sites.find((s) => s.id === 1) ??
    sites[0] ??
    null
  );
}
