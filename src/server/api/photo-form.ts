// A multipart form of text fields and up to a few photos, as return/apply and review/add take
// it: every photo judged by its first bytes (never its name or the type the browser sent),
// the sizes bounded while the body streams in, unknown fields refused; and the fields then
// checked against their schema as a JSON body would be.
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { IMAGE_MAX_BYTES, imageKindOf } from "../../shared/image-type";
import type { SchemaSet } from "../schemas";
import { ApiFail, MalformedRequest } from "./envelope";

export interface Photo {
  ext: string;
  data: Buffer;
}

/** How a call tells the shopper what was wrong with the photos (each throws). */
export interface PhotoRefusals {
  tooMany(): never;
  tooLarge(): never;
  notImage(): never;
}

export interface PhotoFormOptions {
  /** The text fields the form may hold. */
  fields: readonly string[];
  maxPhotos: number;
  refuse: PhotoRefusals;
}

/** The form's text fields as sent, and its photos under the field "photos". */
export async function readPhotoForm(
  request: FastifyRequest,
  { fields, maxPhotos, refuse }: PhotoFormOptions,
): Promise<{ raw: Record<string, string>; photos: Photo[] }> {
  if (!request.isMultipart()) throw new MalformedRequest("The body must be multipart/form-data.");
  const raw: Record<string, string> = {};
  const photos: Photo[] = [];
  const parts = request.parts({ limits: { files: maxPhotos, fileSize: IMAGE_MAX_BYTES, fields: 10, fieldSize: 10_000 } });
  try {
    for await (const part of parts) {
      if (part.type === "file") {
        const file = part as MultipartFile;
        if (file.fieldname !== "photos") throw new MalformedRequest(`unknown file field "${file.fieldname}"`, 400);
        const data = await file.toBuffer();
        if (file.file.truncated) refuse.tooLarge();
        if (data.length === 0) continue;
        photos.push({ ext: imageKindOf(data) ?? refuse.notImage(), data });
      } else if (typeof part.value === "string") {
        if (!fields.includes(part.fieldname)) throw new MalformedRequest(`unknown field "${part.fieldname}"`, 400);
        raw[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof ApiFail) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") refuse.tooMany();
    if (code === "FST_REQ_FILE_TOO_LARGE") refuse.tooLarge();
    throw new MalformedRequest("The upload is not valid multipart/form-data.", 400);
  }
  return { raw, photos };
}

/** Fields read from a form, checked against their schema; the first problem as `path message`. */
export function checkFormFields<T>(schemas: SchemaSet, schemaId: string, fields: Record<string, unknown>): T {
  const validate = schemas.get(schemaId);
  if (!validate(fields)) {
    const e = validate.errors?.[0];
    throw new MalformedRequest(
      `${(e?.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".") || "body"} ${e?.message ?? "is not valid"}`,
      400,
    );
  }
  return fields as unknown as T;
}
