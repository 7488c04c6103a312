#!/usr/bin/env node
// Runs the CLI compiled from the TypeScript sources (./compiled.mjs: rebuilt when a source changes), or the
// sources themselves through tsx where it cannot be compiled or ASTINUS_SOURCES=1 asks for them.
import { compiled } from './compiled.mjs';

const url = process.env.ASTINUS_SOURCES === '1' ? null : await compiled('adapters/cli/main.ts');
if (!url) (await import('tsx/esm/api')).register();
// `astinus export … | head` closes the pipe early: that is the reader's choice, not a failure
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const { main } = await import(url ?? '../adapters/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
