#!/usr/bin/env node
/**
 * The static checks of `npm test`, side by side: the type checker for the engine and for the dashboard,
 * eslint and prettier. One after another they took over a minute of a two-core machine with one core
 * idle. Each check's output is printed whole when it ends; the exit code is 1 if any failed.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const LINTED = ['sim', 'adapters', 'bots', 'world-engine', 'test', 'bench', 'dashboard'];
const CHECKS = [
  ['types', bin('tsc'), ['--noEmit']],
  ['dashboard types', bin('tsc'), ['--noEmit', '-p', 'dashboard']],
  ['eslint', bin('eslint'), ['--max-warnings', '0', ...LINTED]],
  ['prettier', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
];

const results = await Promise.all(
  CHECKS.map(
    ([name, cmd, args]) =>
      new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (b) => (out += b));
        child.stderr.on('data', (b) => (out += b));
        child.on('error', (err) => resolve({ name, ok: false, out: `${out}${err.message}\n` }));
        child.on('close', (code) => {
          const r = { name, ok: code === 0, out };
          process.stdout.write(`${r.ok ? 'ok' : 'FAILED'}: ${name}\n${r.ok ? '' : out}`);
          resolve(r);
        });
      }),
  ),
);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
