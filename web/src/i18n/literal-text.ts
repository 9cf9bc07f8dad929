/**
 * Finds text a component shows that bypasses the message files: JSX text with letters, a string (or
 * template) with letters in a text attribute (`aria-label`, `title`, `placeholder`, `alt`, and the
 * app's own `label`, `hint`…) or in a JSX expression (`{cond ? "Yes" : "No"}`), and a page title
 * given as a literal. The check of literal-text.test.ts runs it over every component;
 * `node scripts/literal-text.ts <folder>` lists what is left in one folder.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";

/** Attributes whose string is shown to a person (or read out). */
const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
  "title",
  "placeholder",
  "alt",
  "label",
  "hint",
  "accessibleLabel",
  "confirmLabel",
  "submitLabel",
  "empty",
  "done",
  "description",
  "text",
  "heading",
]);

/** Functions whose string argument is shown to a person. */
const TEXT_CALLS = new Set(["useDocumentTitle"]);

const hasLetters = (text: string) => /\p{L}{2,}/u.test(text);

export type Finding = { file: string; line: number; text: string };

/** Letters in a string, template or conditional of strings. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return hasLetters(node.text) ? node.text : undefined;
  }
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
    return hasLetters(parts) ? node.getText() : undefined;
  }
  if (ts.isConditionalExpression(node)) return literalText(node.whenTrue) ?? literalText(node.whenFalse);
  if (ts.isBinaryExpression(node)) return literalText(node.left) ?? literalText(node.right);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  return undefined;
}

export function literalTexts(file: string, source = readFileSync(file, "utf8")): Finding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const found = (node: ts.Node, text: string) =>
    findings.push({
      file,
      line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: text.trim().replace(/\s+/g, " "),
    });
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && hasLetters(node.text)) found(node, node.text);
    else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText();
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      const text = value && TEXT_ATTRIBUTES.has(name) ? literalText(value) : undefined;
      if (text) found(node, text);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const text = literalText(node.expression);
      if (text) found(node, text);
    } else if (ts.isCallExpression(node) && TEXT_CALLS.has(node.expression.getText())) {
      const text = node.arguments[0] && literalText(node.arguments[0]);
      if (text) found(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}
