import type { ReactNode } from "react";

/**
 * A sentence from the catalogue with a link (or other marked words) inside it, written `<link>…</link>`
 * in the message so each language puts it where its word order needs it: `link` renders the marked words.
 */
export function LinkedText({ text, link }: { text: string; link: (words: string) => ReactNode }) {
  const match = /^(.*?)<link>(.*?)<\/link>(.*)$/s.exec(text);
  if (!match) return <>{text}</>;
  const [, before, words = "", after] = match;
  return (
    <>
      {before}
      {link(words)}
      {after}
    </>
  );
}
