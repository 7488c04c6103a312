import { z } from 'zod';
import { translator } from '../../sim/i18n/translator.ts';
import { loadScenario } from '../../sim/scenario/load.ts';
import { issuePlace, type PackIssue, ScenarioError } from '../../sim/scenario/errors.ts';
import { packWarnings } from '../../sim/scenario/warnings.ts';
import { storyWarnings } from '../../world-engine/story/texts.ts';
import { parse, VALIDATE_OPTIONS, ValidateArgs } from './args.ts';
import type { Lang } from '../../sim/model/text.ts';

/** zod speaks the user's language too. */
export function zodLanguage(lang: Lang): void {
  z.config(lang === 'cn' ? z.locales.zhCN() : z.locales.en());
}

/** `astinus validate <scenario>`: exit 0 on a valid pack, 1 with every problem's file, path and reason. */
export async function validateCommand(argv: string[]): Promise<number> {
  const args = parse(argv, VALIDATE_OPTIONS, ['scenario'], ValidateArgs);
  const t = translator(args.lang);
  zodLanguage(args.lang);
  try {
    const s = await loadScenario(args.scenario);
    process.stdout.write(
      t('cli.validate.ok', { dir: args.scenario, places: s.places.length, actors: s.actors.length, templates: s.templates.length }) + '\n',
    );
    const warnings = [...packWarnings(s), ...storyWarnings(s)];
    if (warnings.length)
      process.stderr.write(
        t('cli.validate.warnings', { count: warnings.length }) + '\n' + warnings.map((w) => line(w, args.lang)).join(''),
      );
    return 0;
  } catch (err) {
    if (!(err instanceof ScenarioError)) throw err;
    printScenarioError(err, args.lang);
    return 1;
  }
}

export function printScenarioError(err: ScenarioError, lang: Lang): void {
  const t = translator(lang);
  process.stderr.write(t('cli.validate.failed', { dir: err.dir, count: err.issues.length }) + '\n');
  for (const i of err.issues) process.stderr.write(line(i, lang));
}

function line(i: PackIssue, lang: Lang): string {
  const reason = 'text' in i.reason ? i.reason.text : translator(lang)(i.reason.key, i.reason.params ?? {});
  return `  ${issuePlace(i)}: ${reason}\n`;
}
