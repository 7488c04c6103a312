import type { Message } from '../model/text.ts';

/**
 * One problem in a scenario pack: which file, where inside it (a JSON path, and for a syntax error the
 * line and column, 1-based, where the text stops being JSON), and why (a locale key, or zod's own localized text).
 */
export interface PackIssue {
  file: string;
  path: string;
  at?: { line: number; column: number };
  reason: Message;
}

/** `file:line:column` for a syntax error, else `file path`: how a problem is named to an author. */
export function issuePlace(i: PackIssue): string {
  return i.at ? `${i.file}:${i.at.line}:${i.at.column}` : `${i.file} ${i.path}`;
}

export class ScenarioError extends Error {
  constructor(
    readonly dir: string,
    readonly issues: PackIssue[],
  ) {
    super(`${dir}: ` + issues.map((i) => `${issuePlace(i)}: ${'text' in i.reason ? i.reason.text : i.reason.key}`).join('; '));
    this.name = 'ScenarioError';
  }
}

/** `['actors', 3, 'body', 'location']` -> `$.actors[3].body.location` */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const p of path)
    out += typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(String(p)) ? `.${String(p)}` : `[${JSON.stringify(String(p))}]`;
  return out;
}
