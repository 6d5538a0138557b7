import { describe, expect, it } from 'vitest';
import { choices, eventCards, placeLabel, stateName, withPlace } from '~/lib/places.server';
import { regionGroups } from '~/lib/regions';

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

  it("sends an event row with what it shows only, its place named in the page's language", () => {
    const row = {
      id: 7,
      title: 'Lévis Mile',
      date: '2027-06-05',
      startTime: '19:00',
      venue: 'Piste Lévis',
      city: 'Lévis',
      state: 'QC',
      zipcode: 'G6V 1A1',
      country: 'CA',
      eventType: 'flatTrack',
      currency: 'CAD' as const,
      cancelled: false,
      seriesId: null,
      seriesName: null,
      contingency: [{ currency: 'CAD' as const, cents: 50_000 }],
      hasResults: true,
    };
    expect(eventCards([row], 'fr')).toEqual([
      {
        id: 7,
        title: 'Lévis Mile',
        date: '2027-06-05',
        startTime: '19:00',
        venue: 'Piste Lévis',
        place: 'Lévis, Québec, Canada',
        cancelled: false,
        seriesId: null,
        seriesName: null,
        contingency: [{ currency: 'CAD', cents: 50_000 }],
        distanceMiles: null,
        hasResults: true,
      },
    ]);
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
    expect(choices(['VT', 'ON'], (s) => stateName(s, 'fr'), 'fr')).toEqual([
      { value: 'ON', label: 'Ontario' },
      { value: 'VT', label: 'Vermont' },
    ]);
    const fr = regionGroups('fr');
    expect(fr.map((g) => [g.country, g.options.length])).toEqual([
      ['US', 52],
      ['CA', 13],
    ]);
    expect(fr[1].options.find((o) => o.value === 'QC')?.label).toBe('Québec');
    expect(regionGroups('en')[1].options.find((o) => o.value === 'QC')?.label).toBe('Quebec');
  });
});
