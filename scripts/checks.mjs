#!/usr/bin/env node
/**
 * The static checks of `npm test`, side by side: each step of package.json's `typecheck` and `lint`
 * scripts (the type checker for the engine and for the dashboard, eslint, prettier) as a process of its
 * own. One after another they took over a minute of a two-core machine with one core idle. The scripts
 * stay the one list of what is checked; each step's output is printed whole when it ends, and the exit
 * code is 1 if any failed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const steps = ['typecheck', 'lint'].flatMap((name) => scripts[name].split(' && '));
// as npm runs a script: the project's own tools first on the PATH
const env = { ...process.env, PATH: [join(ROOT, 'node_modules', '.bin'), process.env.PATH].join(delimiter) };

const results = await Promise.all(
  steps.map(
    (step) =>
      new Promise((resolve) => {
        const child = spawn(step, { cwd: ROOT, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (b) => (out += b));
        child.stderr.on('data', (b) => (out += b));
        child.on('error', (err) => {
          process.stdout.write(`FAILED: ${step}\n${out}${err.message}\n`);
          resolve({ ok: false });
        });
        child.on('close', (code) => {
          process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}: ${step}\n${code === 0 ? '' : out}`);
          resolve({ ok: code === 0 });
        });
      }),
  ),
);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
