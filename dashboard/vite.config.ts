import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The dashboard bundle: Preact + TypeScript, built into dashboard/dist, which the server serves.
 * `npm run build:dashboard` builds it; `vite --config dashboard/vite.config.ts` serves it with hot
 * reload and forwards /api and /socket.io to a running `astinus serve` (ASTINUS_URL, default :3000).
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const target = process.env.ASTINUS_URL ?? 'http://localhost:3000';

export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1000 },
  server: { proxy: { '/api': target, '/socket.io': { target, ws: true } } },
});
