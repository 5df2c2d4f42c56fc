// Review photos uploaded in the back-office: checked by their first bytes (not by the name or
// the declared type), at most 800 KB, stored as <random id>.<ext> under UPLOAD_DIR/reviews and
// served at /uploads/reviews/<name> (server/uploads.ts).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AppDeps } from "../context";
import { validationFailed } from "../lib/errors";
import { createId } from "../lib/ids";
import type { ManagerScope } from "../scope";
import { auditBy } from "./audit";

export const PHOTO_MAX_BYTES = 800 * 1024;
export const PHOTO_TYPES = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
export type PhotoExt = keyof typeof PHOTO_TYPES;

function sniff(b: Uint8Array): PhotoExt | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  if (String.fromCharCode(...b.subarray(0, 4)) === "RIFF" && String.fromCharCode(...b.subarray(8, 12)) === "WEBP") return "webp";
  return null;
}

export const photoDir = (deps: Pick<AppDeps, "config">) => join(deps.config.UPLOAD_DIR, "reviews");

/** Stores an uploaded photo and gives its public path; a wrong type or size is a field message. */
export async function storePhoto(deps: Pick<AppDeps, "config">, file: File, field = "img") {
  if (file.size > PHOTO_MAX_BYTES) throw validationFailed({ [field]: "manager.reviews.photoTooBig" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniff(bytes);
  if (!ext) throw validationFailed({ [field]: "manager.reviews.photoType" });
  const name = `${createId()}.${ext}`;
  // a person's photo: the server's user only (the app serves it; nobody else on the host reads it)
  await mkdir(photoDir(deps), { recursive: true, mode: 0o700 });
  await writeFile(join(photoDir(deps), name), bytes, { mode: 0o600 });
  return `/uploads/reviews/${name}`;
}

/** A manager's upload: stored, then recorded with the manager — a file on the public
 * path is a write even before a review refers to it. */
export async function uploadReviewPhoto(scope: ManagerScope, file: File, field = "img") {
  const img = await storePhoto(scope.deps, file, field);
  await auditBy(scope, { action: "reviews.photoUpload", entity: "reviews", changes: { img, bytes: file.size, name: file.name.slice(0, 200) } });
  return img;
}
