/**
 * A QR code of a text (an invitation's link) as inline SVG, so another phone's camera opens it. Dark
 * on white in either colour scheme (cameras need the contrast), with the quiet zone of four modules
 * the standard asks for. The encoder (uqr, no dependencies) is in this file's chunk only: the invite
 * loads it lazily, when an invitation is shown.
 */
import { useMemo } from "react";
import { encode } from "uqr";
import { qrPath } from "../lib/qr-path.ts";

export function QrCode({ text, label }: { text: string; label: string }) {
  // Level M (15% may be lost): a link of ~60 characters stays a small code a screen shows sharply.
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: "M", border: 4 });
    return { size: qr.size, path: qrPath(qr.data) };
  }, [text]);
  return (
    <svg
      className="hh-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
