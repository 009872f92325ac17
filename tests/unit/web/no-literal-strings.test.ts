import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every string the web shows comes from the interface catalogues (shared/messages/catalogues, en and ru) through
 * i18next. Two ways around that are caught here, on the source text of every web/ file:
 * - a value import of the English message constants in shared/messages (SHELL_TEXT, BILLING_TEXT, ...); the
 *   catalogues themselves, the translator and the typed keys are the allowed way in, and type-only imports carry no
 *   text;
 * - in .tsx files, literal text in JSX: a text node with letters, or a string with letters given to an attribute a
 *   person reads or hears (aria-label, title, placeholder, alt, label).
 * NOT_YET_MOVED lists the files that still do either. It only shrinks: a listed file that no longer needs to be there
 * fails too, so moving a file means taking it off the list.
 */

const repoRoot = path.resolve(__dirname, '../../..');

/** Words a translation keeps as they are: the product's name. */
const PROPER_NAMES = new Set(['Loot']);
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
const ALLOWED_MESSAGE_MODULES = /^(catalogues\/|translator$|i18next(\.d)?$)/;

const NOT_YET_MOVED: string[] = [];

function webFiles(dir = 'web'): string[] {
  return fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return webFiles(rel);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The module inside shared/messages an import names ('web', 'catalogues/index'), or null for any other module. */
function messagesModule(specifier: string, file: string): string | null {
  if (specifier.startsWith('#shared/messages/')) return specifier.slice('#shared/messages/'.length);
  if (!specifier.startsWith('.')) return null;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return resolved.startsWith('shared/messages/') ? resolved.slice('shared/messages/'.length) : null;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
}

const hasLetters = (text: string) => /\p{L}/u.test(text) && !PROPER_NAMES.has(text.trim());

/** What in one file shows English outside the catalogues, as short descriptions ('imports #shared/messages/web'). */
function findings(file: string, source = fs.readFileSync(path.join(repoRoot, file), 'utf8')): string[] {
  const tsx = file.endsWith('.tsx');
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: string[] = [];
  const line = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const literalText = (expr: ts.Expression | undefined): string | null => {
    if (!expr) return null;
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
    if (ts.isTemplateExpression(expr))
      return [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join(' ');
    return null;
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const mod = messagesModule((node.moduleSpecifier as ts.StringLiteral).text, file);
      if (mod !== null && !ALLOWED_MESSAGE_MODULES.test(mod) && !isTypeOnly(node)) out.push(`imports ${mod}`);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const mod = messagesModule(node.arguments[0].text, file);
      if (mod !== null && !ALLOWED_MESSAGE_MODULES.test(mod)) out.push(`imports ${mod}`);
    }
    if (tsx && ts.isJsxText(node) && hasLetters(node.text)) out.push(`line ${line(node)}: text "${node.text.trim()}"`);
    if (tsx && ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(sf))) {
      const init = node.initializer;
      const text = !init
        ? null
        : ts.isStringLiteral(init)
          ? init.text
          : ts.isJsxExpression(init)
            ? literalText(init.expression)
            : null;
      if (text !== null && hasLetters(text)) out.push(`line ${line(node)}: ${node.name.getText(sf)}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const files = webFiles();
const found = new Map(files.map((f) => [f, findings(f)]));

describe('web strings come from the catalogues', () => {
  it('no web file outside the not-yet-moved list imports English messages or shows literal JSX text', () => {
    const offenders = files
      .filter((f) => !NOT_YET_MOVED.includes(f) && found.get(f)!.length > 0)
      .map((f) => `${f}: ${found.get(f)!.join('; ')}`);
    expect(offenders).toEqual([]);
  });

  it('the not-yet-moved list only names files that still need to be on it', () => {
    const stale = NOT_YET_MOVED.filter((f) => !found.has(f) || found.get(f)!.length === 0);
    expect(stale).toEqual([]);
  });

  it('catches an English constant, literal JSX text and a literal label (the check itself)', () => {
    const probe = [
      "import { SHELL_TEXT } from '#shared/messages/web';",
      "import type { ToastText } from '#shared/messages/web';",
      "import { CATALOGUES } from '#shared/messages/catalogues/index';",
      'export const A = () => <button aria-label="Close" title={`Zoom ${1}`}>New Board</button>;',
      'export const B = () => <span className="brand">Loot</span>;',
      "export const C = () => <b aria-label={t('x')}>{SHELL_TEXT.boards} ?</b>;",
    ].join('\n');
    expect(findings('web/components/probe/Probe.tsx', probe)).toEqual([
      'imports web',
      'line 4: aria-label="Close"',
      'line 4: title="Zoom  "',
      'line 4: text "New Board"',
    ]);
  });
});
