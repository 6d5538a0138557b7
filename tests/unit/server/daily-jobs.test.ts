/**
 * The server's daily jobs (server/daily-jobs.ts): first pass after the start delay, then daily,
 * never two at once; on shutdown `stop()` clears the timers (no pass starts any more) and waits
 * for the pass under way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleDailyJobs } from '../../../server/daily-jobs';

const DAY = 24 * 60 * 60 * 1000;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the daily jobs', () => {
  it('run after the first delay, then once a day', async () => {
    const pass = vi.fn(() => Promise.resolve());
    const jobs = scheduleDailyJobs(pass, { firstDelayMs: 5_000, everyMs: DAY, enabled: true });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(pass).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DAY);
    expect(pass).toHaveBeenCalledTimes(2);
    await jobs.stop(1_000);
  });

  it('are stopped on shutdown: no pass starts after stop(), not even the first', async () => {
    const pass = vi.fn(() => Promise.resolve());
    const jobs = scheduleDailyJobs(pass, { firstDelayMs: 5_000, everyMs: DAY, enabled: true });
    await jobs.stop(1_000);
    await vi.advanceTimersByTimeAsync(3 * DAY);
    jobs.runNow();
    expect(pass).toHaveBeenCalledTimes(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() waits for the pass under way; a pass never overlaps another', async () => {
    let finish!: () => void;
    const pass = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const jobs = scheduleDailyJobs(pass, { firstDelayMs: 5_000, everyMs: DAY, enabled: true });
    await vi.advanceTimersByTimeAsync(5_000);
    jobs.runNow(); // already running: no second pass
    expect(pass).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = jobs.stop(60_000).then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(jobs.busy()).toBe(false);
  });

  it('stop() waits at most its timeout for a pass that hangs', async () => {
    const jobs = scheduleDailyJobs(() => new Promise<void>(() => {}), {
      firstDelayMs: 0,
      everyMs: DAY,
      enabled: true,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.busy()).toBe(true);
    const stopping = jobs.stop(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(stopping).resolves.toBeUndefined();
  });

  it('DISABLE_JOBS: no timer at all', () => {
    const pass = vi.fn(() => Promise.resolve());
    scheduleDailyJobs(pass, { firstDelayMs: 5_000, everyMs: DAY, enabled: false });
    expect(vi.getTimerCount()).toBe(0);
  });
});
