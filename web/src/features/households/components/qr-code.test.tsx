import { render, screen } from "@testing-library/react";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrPath } from "../lib/qr-path.ts";
import { QrCode } from "./qr-code.tsx";

const LINK = "https://recipes.example.com/join/q1W-e_R2tY3uI4oP5aS6dF";

describe("QrCode", () => {
  it("draws the link's QR code as inline SVG with an accessible name, dark on white with a quiet zone", () => {
    render(<QrCode text={LINK} label="QR code of the invitation link" />);
    const svg = screen.getByRole("img", { name: "QR code of the invitation link" });
    expect(svg.tagName.toLowerCase()).toBe("svg");
    const expected = encode(LINK, { ecc: "M", border: 4 });
    expect(svg.getAttribute("viewBox")).toBe(`0 0 ${expected.size} ${expected.size}`);
    expect(svg.querySelector("rect")).toHaveAttribute("fill", "#fff");
    const path = svg.querySelector("path");
    expect(path).toHaveAttribute("fill", "#000");
    expect(path?.getAttribute("d")).toBe(qrPath(expected.data));
    // The quiet zone: nothing is drawn in the four rows and columns around the code.
    expect(expected.data.slice(0, 4).flat().some(Boolean)).toBe(false);
    expect(path?.getAttribute("d")).toMatch(/^M4 4h7v1h-7z/); // the top left finder pattern's first row
  });

  it("changes with the link", () => {
    const { rerender } = render(<QrCode text={LINK} label="QR" />);
    const first = screen.getByRole("img").querySelector("path")?.getAttribute("d");
    rerender(<QrCode text={`${LINK}x`} label="QR" />);
    expect(screen.getByRole("img").querySelector("path")?.getAttribute("d")).not.toBe(first);
  });
});
