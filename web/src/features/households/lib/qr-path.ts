/**
 * A QR code's modules as one SVG path: each run of dark modules in a row is one rectangle, so a code
 * of a few hundred modules is a single element, drawn by the browser like any other inline SVG (no
 * script, no data: URI, nothing for the Content-Security-Policy to refuse).
 */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join("");
}
