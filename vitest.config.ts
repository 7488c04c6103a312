import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // two cores: two files at a time
    maxWorkers: 2,
    // a worker keeps the modules it has loaded from one file to the next: loading the engine again for
    // each of 170 files would cost more than a minute and a half of the machine
    isolate: false,
    // a shared machine may run several times slower than a quiet one: limits are for hangs, never for speed
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll waits for what a server or a browser does next: 1 s (vitest's default) is a race on a busy machine
    expect: { poll: { timeout: 90_000 } },
  },
});
