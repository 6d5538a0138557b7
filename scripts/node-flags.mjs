/**
 * The V8 flags the server runs with (`npm start`, the browser tests, `bench:http`; package.json's
 * start script and docs/operations.md spell the same flag). A heap limit makes V8 collect before
 * its heap grows: under sustained load the live heap is ~50 MB, but without a limit V8 lets the
 * process grow to 400–600 MB of garbage headroom; with it the server stays near 200 MB at the
 * same throughput (bench/README.md). Larger work (5,000-row uploads, 100k-row CSV streams,
 * 50 MB XLSX imports) fits well under it.
 * `--max-semi-space-size=12`: V8's young generation is two semi-spaces, resident once grown under
 * load; a little under V8's own size measured the same throughput on the signed-in pages with a
 * lower peak RSS (bench/README.md; smaller still cost pages per second).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=12'];

/**
 * The environment the server starts with (`npm start` sets it in package.json's start script; the
 * browser tests and bench:http pass it to the process they spawn; docs/operations.md puts it in
 * the systemd unit and the container). MALLOC_ARENA_MAX=2: glibc otherwise gives each thread that
 * allocates (libuv's pool, the upload and backup-verification workers, V8's helpers) an arena of
 * its own and keeps what they freed: measured on the five-year database, RSS after the first daily
 * jobs 208 → 128 MB and under the page load 253 → 190 MB, same throughput (bench/README.md).
 * MALLOC_MMAP_THRESHOLD_=131072: glibc otherwise raises its threshold for serving a block from
 * its own mapping each time such a block is freed, so after the daily jobs' large buffers later
 * large blocks come from the arenas, which keep them once freed; fixed, each block of 128 kB or
 * more has its own mapping and goes back to the system when freed (a lower RSS after the daily
 * jobs and under the page load, bench/README.md). glibc reads both when the process
 * starts, so they cannot be set from inside.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
