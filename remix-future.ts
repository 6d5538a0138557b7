/**
 * Remix's future flags. The app's build (vite.config.ts) and the benchmark floors (bench/floor,
 * bench/floor/markup) read this one list, so a floor always measures the Remix the app runs.
 */
export const REMIX_FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
  v3_routeConfig: false,
} as const;
