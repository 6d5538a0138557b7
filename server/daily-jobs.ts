/**
 * The server's daily jobs on a timer: a first pass shortly after start, then one a day; never two
 * passes at once. `stop()` (clean shutdown) clears the timers, so no pass starts any more, and
 * waits — at most `timeoutMs` — for the pass under way.
 */
export type DailyJobs = {
  /** Starts a pass now unless one runs or the jobs are stopped. */
  runNow(): void;
  stop(timeoutMs: number): Promise<void>;
  /** True while a pass runs. */
  busy(): boolean;
};

export function scheduleDailyJobs(
  pass: () => Promise<void>,
  opts: { firstDelayMs: number; everyMs: number; enabled: boolean },
): DailyJobs {
  let stopped = false;
  let running: Promise<void> | undefined;
  const runNow = () => {
    if (stopped || running) return;
    running = pass().finally(() => (running = undefined));
  };
  const first = opts.enabled ? setTimeout(runNow, opts.firstDelayMs) : undefined;
  const every = opts.enabled ? setInterval(runNow, opts.everyMs) : undefined;
  return {
    runNow,
    busy: () => running !== undefined,
    async stop(timeoutMs) {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      if (!running) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((r) => (timer = setTimeout(r, timeoutMs).unref()))]);
      clearTimeout(timer);
    },
  };
}
