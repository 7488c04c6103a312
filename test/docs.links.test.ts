import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/**
 * Comments and docs point at what a reader of this repository has: `docs/` and the code, never design
 * notes kept elsewhere or an issue tracker's numbers. Every `docs/...md` path, relative Markdown link
 * and link to a section (a `#anchor`, or "docs/design.md, Section" in a comment) must exist.
 */

const ROOTS = [
  'sim',
  'adapters',
  'bots',
  'world-engine',
  'dashboard',
  'test',
  'bench',
  'scenarios',
  'locales',
  'schema',
  'docs',
  'examples',
  'bin',
];
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|md|json|ink|html|css|yml|yaml)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'fixtures']);
const SELF = path.join('test', 'docs.links.test.ts');

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(path.join(REPO, dir))) {
    const rel = path.join(dir, name);
    const st = statSync(path.join(REPO, rel));
    if (st.isDirectory()) {
      if (!SKIP_DIRS.has(name)) walk(rel, out);
    } else if (TEXT.test(name) && st.size < 2_000_000 && rel !== SELF) out.push(rel);
  }
}

const FILES: string[] = [];
for (const r of ROOTS) if (existsSync(path.join(REPO, r))) walk(r, FILES);
for (const name of readdirSync(REPO)) if (name.endsWith('.md')) FILES.push(name);
const TEXTS = new Map(FILES.map((f) => [f, readFileSync(path.join(REPO, f), 'utf8')]));

/** Lines of every file that match, as `file:line: text`. */
function hits(re: RegExp, files: Iterable<string> = TEXTS.keys()): string[] {
  const out: string[] = [];
  for (const f of files) {
    TEXTS.get(f)!
      .split('\n')
      .forEach((line, i) => {
        if (re.test(line)) out.push(`${f}:${i + 1}: ${line.trim().slice(0, 160)}`);
      });
  }
  return out;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const slug = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The README.md nearest to a file: in its folder or the closest folder above. */
function nearestReadme(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const r = path.join(dir, 'README.md');
    if (existsSync(path.join(REPO, r)) && r !== file) return r;
    if (dir === '.' || dir === '') return 'README.md';
  }
}

function headings(file: string): Set<string> {
  const text = readFileSync(path.join(REPO, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => m[1]));
}

describe('comments and docs cite only what the repository has', () => {
  it('reads a fair share of the repository', () => {
    expect(FILES.length).toBeGreaterThan(200);
    expect(FILES).toContain('README.md');
    expect(FILES).toContain(path.join('docs', 'design.md'));
  });

  it('no design notes by number ("seed 003", "seeds 001 and 004", "seed-004")', () => {
    expect(hits(/\bseeds?[ -]00\d\b/i)).toEqual([]);
  });

  it('no DESIGN.md and no shared folder outside the repository', () => {
    expect(hits(/DESIGN\.md|(^|[\s(`'"])(\.\.\/)+shared\/|\/work\/shared\b/)).toEqual([]);
  });

  it('no issue numbers ("issue 12", "Issue 14\'s", "(#12)", "see #3")', () => {
    expect(hits(/\bissues? #?\d+\b|(\(|\b(see|fixes|closes|PR|pull|issue)\s)#\d+\b/i)).toEqual([]);
  });
});

describe('what comments and docs point at exists', () => {
  it('every docs/...md path named in a comment or doc', () => {
    const missing: string[] = [];
    for (const [f, text] of TEXTS) {
      for (const m of text.matchAll(/(?<![\w.-])docs\/[\w./-]*?\.md\b/g)) {
        if (!existsSync(path.join(REPO, m[0]))) missing.push(`${f}: ${m[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every relative Markdown link, and the heading its #anchor names', () => {
    const broken: string[] = [];
    for (const [f, raw] of TEXTS) {
      if (!f.endsWith('.md')) continue;
      const text = raw.replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const [file, anchor] = target.split('#', 2);
        const rel = file === '' ? f : path.normalize(path.join(path.dirname(f), decodeURI(file)));
        if (!existsSync(path.join(REPO, rel))) {
          broken.push(`${f}: ${target}`);
          continue;
        }
        if (anchor && rel.endsWith('.md') && ![...headings(rel)].some((h) => slug(h) === anchor))
          broken.push(`${f}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every section named in words as \'README, "Section"\' (the nearest README up the tree, or the main one)', () => {
    const missing: string[] = [];
    for (const [f, text] of TEXTS) {
      // a comment's words run on over its line breaks
      const flat = text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ');
      for (const m of flat.matchAll(/((?:[\w.-]+\/)*)README(?:\.md)?, (?:"([^"]+)"|([A-Z][A-Za-z ]*[a-z]))/g)) {
        const readmes = m[1] ? [`${m[1]}README.md`] : [nearestReadme(f), 'README.md'];
        if (!existsSync(path.join(REPO, readmes[0]))) {
          missing.push(`${f}: ${readmes[0]}`);
          continue;
        }
        const sections = [...new Set(readmes.flatMap((r) => [...headings(r)]))];
        // a heading may run on after a colon ("Exports for analysis: panel, edges, decisions"); a name in
        // words runs until punctuation, or as far as its words name a section
        const named = (s: string) => sections.some((h) => h === s || h.startsWith(`${s}:`));
        const ok = m[2] !== undefined ? named(m[2]) : m[3].split(' ').some((_, i, w) => named(w.slice(0, i + 1).join(' ')));
        if (!ok) missing.push(`${f}: ${m[2] ?? m[3]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every section a comment names as "docs/design.md, Section"', () => {
    const sections = headings(path.join('docs', 'design.md'));
    const missing: string[] = [];
    for (const [f, text] of TEXTS) {
      for (const m of text.matchAll(/docs\/design\.md, ([A-Z][A-Za-z ]*[a-z])/g)) {
        // the name runs until punctuation, or as far as the words name sections ("Dice and more words"):
        // "Harm and Status" names two sections, "Traits and tags" is one
        const words = m[1].split(' ');
        const names = (k: number) => {
          const s = words.slice(0, k).join(' ');
          return sections.has(s) || s.split(' and ').every((x) => sections.has(x));
        };
        if (!words.some((_, i) => names(i + 1))) missing.push(`${f}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
