import { describe, expect, it } from 'vitest';
import { choices, placeLabel, regionGroups, stateName, withPlace } from '~/lib/places.server';

describe('place names are given in the page language by the server', () => {
  it('names the state and, outside the US, the country', () => {
    expect(placeLabel({ city: 'Barre', state: 'VT', country: 'US' }, 'en')).toBe('Barre, Vermont');
    expect(placeLabel({ city: 'Lévis', state: 'QC', country: 'CA' }, 'fr')).toBe(
      'Lévis, Québec, Canada',
    );
    expect(placeLabel({ city: 'Lévis', state: 'QC', country: 'CA' }, 'en', false)).toBe(
      'Lévis, Quebec',
    );
  });

  it('adds the label to each row and names codes for select choices', () => {
    const [row] = withPlace([{ id: 1, city: null, state: 'BC', country: 'CA' }], 'fr');
    expect(row).toEqual({
      id: 1,
      city: null,
      state: 'BC',
      country: 'CA',
      place: 'Colombie-Britannique, Canada',
    });
    expect(choices(['VT', 'ON'], (s) => stateName(s, 'fr'))).toEqual([
      { value: 'VT', label: 'Vermont' },
      { value: 'ON', label: 'Ontario' },
    ]);
    expect(regionGroups('fr').map((g) => g.label)).toEqual(['États-Unis', 'Canada']);
  });
});
