// The static import graph of the sources, read with TypeScript's parser: what loads with a module the moment it
// loads. Type-only imports are erased and `import()` loads later, so neither is an edge.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

export interface ModuleImports {
  /** Source files (absolute) and packages (by name) that load with this module. */
  readonly static: readonly string[];
  /** Source files and packages this module loads later, with `import()`. */
  readonly dynamic: readonly string[];
}

/** The package a bare specifier names: `@noble/curves/nist.js` → `@noble/curves`, `node:fs` → `node:fs`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The source file a relative specifier names (`./x`, `./x.js`, `./dir` → `./dir/index.ts`). */
export function resolveSource(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return true;
    const clause = statement.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly);
  }
  const clause = statement.importClause;
  if (!clause) return false; // import './x': loaded for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
}

export function importsOf(file: string): ModuleImports {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const target = (specifier: string) =>
    specifier.startsWith('.') ? resolveSource(file, specifier) : packageOf(specifier);
  const staticImports: string[] = [];
  const dynamicImports: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier) && !isTypeOnly(statement))
      staticImports.push(target(specifier.text));
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) dynamicImports.push(target(argument.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { static: staticImports, dynamic: dynamicImports };
}

/**
 * Every module that loads with `entry`, each with the chain of static imports that brings it in
 * (entry first). Packages are leaves: their own imports are not followed.
 */
export function staticClosure(entry: string): Map<string, readonly string[]> {
  const chains = new Map<string, readonly string[]>([[entry, [entry]]]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const chain = chains.get(file) ?? [file];
    for (const imported of importsOf(file).static) {
      if (chains.has(imported)) continue;
      chains.set(imported, [...chain, imported]);
      if (path.isAbsolute(imported)) queue.push(imported);
    }
  }
  return chains;
}
