import { defineConfig } from 'vitest/config';

/*
 * Two groups. Most files are pure or talk to their own in-process server: they run two at a time.
 * Files that drive Chromium, child processes, a real-time clock or shared Redis queues measure the
 * world as it runs, so they run afterwards, one at a time, with the machine to themselves.
 */
const ALONE = [
  'test/e2e.*.test.ts',
  'test/intent.card.test.ts',
  'test/server.cli.test.ts',
  'test/server.clock.test.ts',
  'test/experiment.*.test.ts',
  'test/queue.*.test.ts',
  'test/socket.redis.test.ts',
  'test/store.lock-race.test.ts',
  'test/readme.walkthrough.test.ts',
  'test/session.restart*.test.ts',
];

export default defineConfig({
  test: {
    // a shared machine may run several times slower than a quiet one: limits are for hangs, never for speed
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll waits for what a server or a browser does next: 1 s (vitest's default) is a race on a busy machine
    expect: { poll: { timeout: 90_000 } },
    projects: [
      {
        extends: true,
        test: { name: 'together', include: ['test/**/*.test.ts'], exclude: ALONE, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
