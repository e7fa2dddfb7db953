import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every sentence an owner may read in a toast, a field's error or a setup hint, gathered from the
 * source: the messages of AppError / fieldError on the server, and of notifyError / notifySuccess /
 * notifyInfo on the client. None may carry a field name (email_address) or a server variable
 * (SQUARE_CLIENT_ID): owners get plain words, the variable names go to the log and the README.
 */
const root = path.resolve(import.meta.dirname, '../..');

type Message = { file: string; line: number; text: string };

/** Which argument of which call is shown to people. */
const SHOWN_ARGUMENT: Record<string, number[]> = {
  AppError: [1],
  fieldError: [1],
  notifyError: [1],
  notifySuccess: [0],
  notifyInfo: [0],
  notifyProgress: [0],
};

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The literal text of a string or template (the `${…}` parts left out). */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ');
  if (ts.isConditionalExpression(node)) return [literalText(node.whenTrue), literalText(node.whenFalse)].filter(Boolean).join(' | ') || null;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return literalText(node.right);
  return null;
}

function messagesOf(file: string): Message[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Message[] = [];
  // A message kept in a constant of the same file (`AppError(409, TRENDING_SETUP)`) is read from its declaration.
  const constants = new Map<string, ts.Node>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) constants.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const add = (node: ts.Node) => {
    const text = literalText(ts.isIdentifier(node) ? (constants.get(node.text) ?? node) : node);
    if (text) found.push({ file: path.relative(root, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
      for (const index of Object.hasOwn(SHOWN_ARGUMENT, node.expression.text) ? SHOWN_ARGUMENT[node.expression.text]! : []) {
        const argument = node.arguments?.[index];
        if (argument) add(argument);
      }
      // notifyError(error, fallback, { prefix: '…' })
      const options = node.expression.text === 'notifyError' ? node.arguments?.[2] : undefined;
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) if (ts.isPropertyAssignment(property) && property.name.getText() === 'prefix') add(property.initializer);
      }
    }
    // Words on the screens themselves (a card saying a service is off): checked for variable names.
    if (ts.isJsxText(node) && node.text.trim()) jsx.push({ file: path.relative(root, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text.trim() });
    // The POS cards' setup hints (`hint: '…'`) and what a screen says when a service is off (`setup: …`).
    if (ts.isPropertyAssignment(node) && ['hint', 'setup'].includes(node.name.getText())) add(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const jsx: Message[] = [];
const catalogue = [...walk(path.join(root, 'server')), ...walk(path.join(root, 'src'))].flatMap(messagesOf);

describe('the error catalogue', () => {
  it('is found (the scan reads the calls it means to)', () => {
    const texts = catalogue.map((m) => m.text);
    expect(texts).toContain('Your current password is not right');
    expect(texts.some((t) => t.startsWith('Another customer already has this'))).toBe(true);
    // Read through a constant: the trending-audios page's words when TikTok's Research API is not set up.
    expect(texts.some((t) => t.startsWith('Trending audios aren’t available on this Mise yet'))).toBe(true);
    expect(catalogue.length).toBeGreaterThan(150);
  });

  it('names no field the way the code does (snake_case)', () => {
    const offenders = catalogue.filter((m) => /\b[a-z]+_[a-z_]+\b/.test(m.text)).map((m) => `${m.file}:${m.line} ${m.text}`);
    expect(offenders).toEqual([]);
  });

  it('names no server variable (SQUARE_CLIENT_ID, DATA_ENCRYPTION_KEY)', () => {
    const offenders = [...catalogue, ...jsx].filter((m) => /\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/.test(m.text)).map((m) => `${m.file}:${m.line} ${m.text}`);
    expect(offenders).toEqual([]);
  });

  it('starts no message with a field name and a colon ("email: …")', () => {
    const offenders = catalogue.filter((m) => /^[a-z][A-Za-z_]*: /.test(m.text)).map((m) => `${m.file}:${m.line} ${m.text}`);
    expect(offenders).toEqual([]);
  });
});
