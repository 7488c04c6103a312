import { MetaMismatchError } from '../../sim/world.ts';
import { ScenarioError } from '../../sim/scenario/errors.ts';
import { WriterConflictError } from '../../sim/ports/store.ts';
import { translator } from '../../sim/i18n/translator.ts';
import type { Lang } from '../../sim/model/text.ts';
import { UsageError } from './args.ts';
import { InterventionsError } from '../../sim/scenario/interventions.ts';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { printScenarioError, validateCommand, zodLanguage } from './validate.ts';

type Command = (argv: string[]) => Promise<number>;
// each command is loaded when it is asked for: a `validate` or a `run` does not wait for the server's,
// the queue's and the report's modules to load (an `experiment` starts one child process per run)
const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./run.ts')).runCommand,
  export: async () => (await import('./export.ts')).exportCommand,
  metrics: async () => (await import('./metrics.ts')).metricsCommand,
  panel: async () => (await import('./panel.ts')).panelCommand,
  edges: async () => (await import('./panel.ts')).edgesCommand,
  health: async () => (await import('./health.ts')).healthCommand,
  fork: async () => (await import('./fork.ts')).forkCommand,
  validate: async () => validateCommand,
  schema: async () => (await import('./schema.ts')).schemaCommand,
  worker: async () => (await import('./worker.ts')).workerCommand,
  serve: async () => (await import('./serve.ts')).serveCommand,
  experiment: async () => (await import('./experiment.ts')).experimentCommand,
};

/** Every command's name, as typed after `astinus`. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/** The flags that ask for a command's usage. */
const HELP = new Set(['--help', '-h']);

/** The language for messages before a command has parsed its own --lang. */
function langOf(argv: string[]): Lang {
  const i = argv.indexOf('--lang');
  const v = i >= 0 ? argv[i + 1] : (argv.find((a) => a.startsWith('--lang='))?.slice(7) ?? process.env.ASTINUS_LANG);
  return v === 'cn' ? 'cn' : 'en';
}

/** Exit codes: 0 ok, 1 invalid scenario or data, 2 usage, 3 money did not reconcile. */
export async function main(argv: string[]): Promise<number> {
  const lang = langOf(argv);
  const t = translator(lang);
  zodLanguage(lang);
  const [name, ...rest] = argv;
  if (name === undefined || HELP.has(name) || name === 'help') {
    // asked for: the usage is the answer (stdout, 0); with no command at all it is a usage error
    (name ? process.stdout : process.stderr).write(t('cli.usage') + '\n');
    return name ? 0 : 2;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(t('cli.unknown_command', { name }) + '\n' + t('cli.usage') + '\n');
    return 2;
  }
  // every command answers --help and -h with its usage (stdout, 0) before its own parser sees an option it
  // does not declare; after `--` they are arguments, not options
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (options.some((a) => HELP.has(a))) {
    process.stdout.write(t(`cli.usage_${name}`) + '\n');
    return 0;
  }
  try {
    return await (
      await load()
    )(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      for (const p of err.problems) process.stderr.write(t(p.key, p.params ?? {}) + '\n');
      process.stderr.write(t(`cli.usage_${name}`) + '\n');
      return 2;
    }
    if (err instanceof ScenarioError) {
      printScenarioError(err, lang);
      return 1;
    }
    if (err instanceof MetaMismatchError) {
      process.stderr.write(
        t('cli.error.meta_mismatch', { field: err.field, stored: JSON.stringify(err.stored), wanted: JSON.stringify(err.wanted) }) + '\n',
      );
      return 1;
    }
    if (err instanceof WriterConflictError) {
      process.stderr.write(t('cli.error.writer_conflict', { holder: err.holder }) + '\n');
      return 1;
    }
    if (err instanceof InterventionsError) {
      for (const p of err.problems) {
        const reason = 'text' in p.reason ? p.reason.text : t(p.reason.key, p.reason.params);
        process.stderr.write(t('interventions.problem', { file: err.file, path: p.path, reason }) + '\n');
      }
      return 1;
    }
    if (err instanceof LocalizedError) {
      process.stderr.write(t(err.key, err.params) + '\n');
      return 1;
    }
    if (err instanceof Error && (err.name === 'StoreCorruptError' || err.name === 'RecordCorruptError')) {
      process.stderr.write(t('cli.error.corrupt', { detail: err.message }) + '\n');
      return 1;
    }
    throw err;
  }
}
