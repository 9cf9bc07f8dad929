/**
 * A message with React elements in its placeholders (a name in <strong>, a link inside a sentence), so
 * each language orders the words around them. (It belongs in src/i18n/, beside `t()`, where every
 * feature could use it.)
 */
import { Fragment, type ReactNode } from "react";
import { type MessageId, t, type Values } from "../../../i18n/index.ts";

/** Marks where an element goes in the translated sentence (a private-use character no text has). */
const MARK = "\uE000";

/**
 * The message `id` with `elements` in its placeholders: `rich("x.signedInAs", { name: <strong>…</strong> })`
 * for `"You are signed in as {name}."`. Plain values go in `values`; each language orders its words.
 */
export function rich(id: MessageId, elements: Record<string, ReactNode>, values: Values = {}): ReactNode {
  const marked: Values = { ...values };
  for (const name of Object.keys(elements)) marked[name] = `${MARK}${name}${MARK}`;
  return t(id, marked)
    .split(MARK)
    .map((piece, i) =>
      // Odd pieces are the names of elements (each once in a message), even ones the text around them.
      i % 2 === 1 ? <Fragment key={piece}>{elements[piece]}</Fragment> : piece,
    );
}
