/**
 * Where the dealer finder's map goes. Renders nothing on the server, without a key, or when no
 * dealer on the page has coordinates; otherwise, after mount, loads `dealer-map` (and the Google
 * Maps library) as a separate chunk. If that chunk cannot be fetched, the map's failure message
 * shows instead — the list above and below is never affected.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { MapFailed, type MapPoint } from '~/components/map-failed';

type Locatable = { id: number; name: string; lat: number | null; lon: number | null };

const DealerMap = lazy(() =>
  import('~/components/dealer-map').catch(() => ({ default: MapFailed })),
);

export function DealerMapSlot({
  apiKey,
  dealers,
}: {
  apiKey: string | null;
  dealers: Locatable[];
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Markers only for dealers with both coordinates.
  const points: MapPoint[] = useMemo(
    () =>
      dealers.flatMap((d) =>
        d.lat !== null && d.lon !== null
          ? [{ id: d.id, name: d.name, lat: d.lat, lng: d.lon }]
          : [],
      ),
    [dealers],
  );
  if (!apiKey || !mounted || points.length === 0) return null;
  return (
    <Suspense fallback={<div className="mb-6 h-96 rounded-lg border border-gray-200 bg-gray-50" />}>
      <DealerMap apiKey={apiKey} points={points} />
    </Suspense>
  );
}
