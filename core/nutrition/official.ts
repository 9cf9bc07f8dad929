/**
 * Where the foods table comes from by default, and the files the service trusts without being told.
 *
 * USDA's Standard Reference, Release 28 (2015, revised 2016; public domain), abbreviated table:
 * 8,790 foods, values per 100 g. The Agricultural Research Service publishes it as `sr28abxl.zip`,
 * a zip holding the one workbook `ABBREV.xlsx`; the reader (sr28.ts) takes the zip or the workbook.
 *
 * Pinning, honestly: this project was built on a machine that cannot reach the ARS site, so the
 * SHA-256 of `sr28abxl.zip` itself could not be computed here and is not in the list below. The one
 * hash pinned is that of the copy of `ABBREV.xlsx` the tests read (its workbook.xml shows it was
 * saved again in Excel, so the official zip's workbook may well have other bytes). Until the zip's
 * hash is pinned, a download of the default address is refused with its SHA-256 in the message:
 * whoever first downloads it checks that file and pins it, here (one line) or for one installation
 * with NUTRITION_TABLE_SHA256 (or the import script's `--sha256`).
 */

/** The official download (the ARS site moved it from `80400525/Data/SR/SR28/` to this address). */
export const SR28_OFFICIAL_URL =
  "https://www.ars.usda.gov/ARSUserFiles/80400535/DATA/SR/sr28/dnload/sr28abxl.zip";

/** SHA-256 (hex) of the files a download may be without NUTRITION_TABLE_SHA256 naming it. */
export const SR28_PINNED_SHA256: readonly { sha256: string; file: string }[] = [
  {
    sha256: "80677833a05e3b7d78000e9ecc10cf5b7580a2f6157f8fb730ab46e1d9ce60ac",
    file: "ABBREV.xlsx, the SR28 abbreviated workbook this project's tests read (2,570,417 bytes)",
  },
];
