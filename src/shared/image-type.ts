// What an uploaded image is, by its first bytes rather than its name or the type the browser
// claims: PNG, JPEG or WebP, the kinds a shop shows as avatars. The server decides by it, and
// the browser checks the same way before sending, to say so in the shopper's language.

export type ImageKind = "png" | "jpg" | "webp";

/** How many leading bytes imageKindOf needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

/** Uploaded images are at most this large (the avatar's limit). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const SIGNATURES: readonly { kind: ImageKind; test: (b: Uint8Array) => boolean }[] = [
  { kind: "png", test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte) },
  { kind: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { kind: "webp", test: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
];

/** The image kind the bytes begin with, or null for anything else (an HTML or SVG file, whatever its name). */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < IMAGE_SIGNATURE_BYTES) return null;
  return SIGNATURES.find((s) => s.test(bytes))?.kind ?? null;
}
