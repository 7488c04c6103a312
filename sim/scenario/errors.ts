import type { Message } from '../model/text.ts';

/** One problem in a scenario pack: which file, where inside it (a JSON path), and why (a locale key, or zod's own localized text). */
export interface PackIssue { file: string; path: string; reason: Message }

export class ScenarioError extends Error {
  constructor(readonly dir: string, readonly issues: PackIssue[]) {
    super(`${dir}: ` + issues.map((i) => `${i.file} ${i.path}: ${'text' in i.reason ? i.reason.text : i.reason.key}`).join('; '));
    this.name = 'ScenarioError';
  }
}


/** `['actors', 3, 'body', 'location']` -> `$.actors[3].body.location` */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(String(p)) ? `.${String(p)}` : `[${JSON.stringify(String(p))}]`;
  return out;
}
