/**
 * What the dealer map and its slot share: a point on the map, and the message shown when the
 * map cannot load (the slot shows it too when the map's chunk is not fetched).
 */
import { useTranslation } from 'react-i18next';

export type MapPoint = { id: number; name: string; lat: number; lng: number };

/** The map could not load (its chunk, the Google script, or the key was refused). */
export function MapFailed() {
  const { t } = useTranslation();
  return (
    <p
      role="alert"
      className="mb-6 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {t('public:dealers.mapFailed')}
    </p>
  );
}
