import { describe, expect, it } from 'vitest';
import { isActivePath } from '~/lib/active-path';

describe('a navigation link marks the page shown', () => {
  it('marks the link to the page itself', () => {
    expect(isActivePath('/auth/admin/events', '/auth/admin/events')).toBe(true);
    expect(isActivePath('/fr/auth/admin/events', '/fr/auth/admin/events')).toBe(true);
  });

  it('marks a section link on its sub-pages, unless it is an `end` link', () => {
    expect(isActivePath('/auth/admin/event/12', '/auth/admin')).toBe(true);
    expect(isActivePath('/auth/admin/event/12', '/auth/admin', true)).toBe(false);
    expect(isActivePath('/auth/admin', '/auth/admin', true)).toBe(true);
  });

  it('does not mark a link whose path is only a prefix of a segment', () => {
    expect(isActivePath('/auth/admin/events-archive', '/auth/admin/events')).toBe(false);
    expect(isActivePath('/auth/rider', '/auth/rider/earnings')).toBe(false);
  });

  it('compares without regard to case, like the router', () => {
    expect(isActivePath('/Auth/Admin/Events', '/auth/admin/events')).toBe(true);
  });
});
