import { describe, expect, it } from "vitest";
import { fitWithin, MAX_UPLOAD_BYTES, needsDownscale, PictureError, shrinkToFit } from "./pictures.ts";

const MB = 1024 * 1024;

/** A stand-in for the canvas: the JPEG's size grows with the pixels (about `bytesPerPixel` each). */
function fakeEncoder(bytesPerPixel: number) {
  const calls: [number, number][] = [];
  const encode = async (width: number, height: number) => {
    calls.push([width, height]);
    // Only the size matters here; real bytes of that size would make the test slow.
    return { size: Math.round(width * height * bytesPerPixel), type: "image/jpeg" } as Blob;
  };
  return { encode, calls };
}

describe("down-scaling a picture before upload", () => {
  it("leaves a file the API takes as it is, and re-encodes one too big or of another type", () => {
    expect(needsDownscale({ size: 3 * MB, type: "image/jpeg" })).toBe(false);
    expect(needsDownscale({ size: MAX_UPLOAD_BYTES, type: "image/webp" })).toBe(false);
    expect(needsDownscale({ size: 6 * MB, type: "image/jpeg" })).toBe(true); // a 12 MP phone photo
    expect(needsDownscale({ size: 200_000, type: "image/gif" })).toBe(true);
    expect(needsDownscale({ size: 200_000, type: "image/heic" })).toBe(true);
  });

  it("fits the long edge, keeps the proportions and never enlarges", () => {
    expect(fitWithin(4000, 3000, 2560)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 4000, 2560)).toEqual({ width: 1920, height: 2560 }); // portrait
    expect(fitWithin(800, 600, 2560)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 10, 1024)).toEqual({ width: 1024, height: 1 });
  });

  it("scales a 12 MP photo to 2560 px when that fits under the limit", async () => {
    const { encode, calls } = fakeEncoder(0.25);
    const blob = await shrinkToFit({ width: 4000, height: 3000 }, encode);
    expect(calls).toEqual([[2560, 1920]]);
    expect(blob.size).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
  });

  it("tries smaller sizes in turn until the result fits", async () => {
    const { encode, calls } = fakeEncoder(1.2); // a very detailed photo
    const blob = await shrinkToFit({ width: 4000, height: 3000 }, encode);
    expect(calls).toEqual([
      [2560, 1920],
      [2048, 1536],
    ]);
    expect(blob.size).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
  });

  it("re-encodes a small picture of another type at its own size", async () => {
    const { encode, calls } = fakeEncoder(0.3);
    await shrinkToFit({ width: 640, height: 480 }, encode);
    expect(calls).toEqual([[640, 480]]);
  });

  it("gives up with a sentence when nothing fits", async () => {
    const { encode } = fakeEncoder(20);
    await expect(shrinkToFit({ width: 4000, height: 3000 }, encode)).rejects.toThrow(PictureError);
    await expect(shrinkToFit({ width: 4000, height: 3000 }, encode)).rejects.toThrow(
      "This picture is too large, even scaled down. Choose a smaller one.",
    );
  });
});
