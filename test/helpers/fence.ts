/** Every double-quoted literal in a prompt (backslash escapes honoured): where untrusted text may stand. */
export function literals(prompt: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const re = /"(?:[^"\\]|\\.)*"/g;
  for (let m = re.exec(prompt); m; m = re.exec(prompt)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}
/** Does `needle` occur in `prompt` only inside quoted literals? */
export const onlyFenced = (prompt: string, needle: string): boolean => {
  const lits = literals(prompt);
  for (let i = prompt.indexOf(needle); i >= 0; i = prompt.indexOf(needle, i + 1)) {
    if (!lits.some((l) => l.start < i && i + needle.length < l.end)) return false;
  }
  return true;
};
