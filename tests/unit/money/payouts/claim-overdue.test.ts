import { describe, expect, it } from 'vitest';
import { claimOverdue, withOverdue } from '~/services/money/payouts/payout-rules.server';

describe('a payout claim is overdue while unpaid after its due date', () => {
  it('marks a claim created after its due date overdue from the day it is made', () => {
    const claim = {
      status: 'pending' as const,
      dueDate: '2026-03-01',
      createdAt: '2026-03-10T18:00:00.000Z',
    };
    expect(claimOverdue(claim, '2026-03-10')).toBe(true);
  });

  it('marks a pending claim overdue the day after its due date, not on it', () => {
    const claim = { status: 'pending' as const, dueDate: '2026-03-01' };
    expect(claimOverdue(claim, '2026-03-01')).toBe(false);
    expect(claimOverdue(claim, '2026-03-02')).toBe(true);
  });

  it('never marks a sent claim, nor one without a due date', () => {
    expect(claimOverdue({ status: 'sent', dueDate: '2026-03-01' }, '2026-04-01')).toBe(false);
    expect(claimOverdue({ status: 'pending', dueDate: null }, '2026-04-01')).toBe(false);
  });

  it('adds the mark to each claim of a list, keeping its fields', () => {
    const list = withOverdue(
      [
        { id: 1, status: 'pending' as const, dueDate: '2026-01-01' },
        { id: 2, status: 'pending' as const, dueDate: '2026-12-31' },
      ],
      '2026-06-01',
    );
    expect(list).toEqual([
      { id: 1, status: 'pending', dueDate: '2026-01-01', overdue: true },
      { id: 2, status: 'pending', dueDate: '2026-12-31', overdue: false },
    ]);
  });
});
