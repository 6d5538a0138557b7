/**
 * The dealer finder's Google map: markers for the current page's dealers with
 * coordinates; zoom 10 for one marker, bounds fitted with 50 px padding for several. A load
 * failure shows a message, never breaks the list.
 *
 * This module (and the Google Maps library with it) is loaded only by `DealerMapSlot` below,
 * through `React.lazy`, in the browser, when a key is configured and some dealer on the page has
 * coordinates: the finder's own JavaScript stays under the public-page budget and the list works
 * without it.
 */
import { APIProvider, Map as GoogleMap, Marker, useMap } from '@vis.gl/react-google-maps';
import { useEffect, useState } from 'react';
import { useLang } from '~/components/link';
import { MAP_BOUNDS_PADDING, MAP_SINGLE_ZOOM } from '~/lib/constants';
import { MapFailed, type MapPoint } from '~/components/map-failed';

/** Fits the map to its markers: zoom 10 on a single one, bounds with 50 px padding for several. */
function FitMarkers({ points }: { points: MapPoint[] }) {
  const map = useMap();
  useEffect(() => {
    if (!map || points.length === 0) return;
    if (points.length === 1) {
      map.setCenter({ lat: points[0].lat, lng: points[0].lng });
      map.setZoom(MAP_SINGLE_ZOOM);
      return;
    }
    const lats = points.map((p) => p.lat);
    const lngs = points.map((p) => p.lng);
    map.fitBounds(
      {
        north: Math.max(...lats),
        south: Math.min(...lats),
        east: Math.max(...lngs),
        west: Math.min(...lngs),
      },
      MAP_BOUNDS_PADDING,
    );
  }, [map, points]);
  return null;
}

export default function DealerMap({ apiKey, points }: { apiKey: string; points: MapPoint[] }) {
  const lang = useLang();
  const [failed, setFailed] = useState(false);
  if (failed) return <MapFailed />;
  return (
    <div
      className="mb-6 h-96 overflow-hidden rounded-lg border border-gray-200"
      data-testid="dealer-map"
    >
      <APIProvider apiKey={apiKey} language={lang} onError={() => setFailed(true)}>
        <GoogleMap
          defaultCenter={{ lat: points[0].lat, lng: points[0].lng }}
          defaultZoom={MAP_SINGLE_ZOOM}
          gestureHandling="cooperative"
        >
          {points.map((p) => (
            <Marker key={p.id} position={{ lat: p.lat, lng: p.lng }} title={p.name} />
          ))}
          <FitMarkers points={points} />
        </GoogleMap>
      </APIProvider>
    </div>
  );
}
