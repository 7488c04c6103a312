import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One runtime import: who imports whom (paths from the root). Type-only imports vanish at run time and are left out. */
export interface Import {
  from: string;
  to: string;
}

/** The runtime imports among the TypeScript files under `dirs` of `root`. */
export function runtimeImports(root: string, dirs: string[]): Import[] {
  const out: Import[] = [];
  const walk = (d: string): void => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(f) && !f.endsWith('.d.ts')) out.push(...importsOf(root, p));
    }
  };
  for (const d of dirs) walk(join(root, d));
  return out;
}

/** A file's runtime imports of other files of the project, read with the compiler's own scanner. */
export function importsOf(root: string, file: string, text = readFileSync(file, 'utf8')): Import[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: Import[] = [];
  const add = (spec: string) => {
    if (spec.startsWith('.')) out.push({ from: relative(root, file), to: relative(root, resolve(dirname(file), spec)) });
  };
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(n)
        ? !!n.importClause?.isTypeOnly ||
          (!!n.importClause &&
            !n.importClause.name &&
            !!n.importClause.namedBindings &&
            ts.isNamedImports(n.importClause.namedBindings) &&
            n.importClause.namedBindings.elements.length > 0 &&
            n.importClause.namedBindings.elements.every((e) => e.isTypeOnly))
        : n.isTypeOnly;
      if (!typeOnly) add(n.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    ) {
      add(n.arguments[0].text);
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/** The folders that import each other in a loop (strongly connected groups of more than one), each sorted. */
export function folderCycles(imports: Import[], folderOf: (file: string) => string): string[][] {
  const adj = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (!adj.has(a)) adj.set(a, new Set());
    if (!adj.has(b)) adj.set(b, new Set());
    if (a !== b) adj.get(a)!.add(b);
  }
  // Tarjan's strongly connected components
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of adj.get(v)!) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of adj.keys()) if (!index.has(v)) connect(v);
  return groups;
}
