// A small real volume for the tests of what a disk does (full, read-only): an ext4 file system on
// a loop device (root only, as the reliability review ran them). Where it cannot be made (not
// root, no loop devices in the container) the tests say why and are skipped.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

export interface Volume {
  dir: string;
  /** Makes the file system fail as a disk error does: ext4 remounts itself read-only. */
  failReadOnly(): void;
  close(): void;
}

export type VolumeOrSkip = { volume: Volume; skip: null } | { volume: null; skip: string };

function readOnlyNow(dir: string) {
  try {
    writeFileSync(join(dir, ".probe"), "");
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EROFS";
  }
}

export function ext4Volume(sizeMb: number): VolumeOrSkip {
  if (process.getuid?.() !== 0) return { volume: null, skip: "needs root to mount a loop volume" };
  const base = mkdtempSync(join(tmpdir(), "tf-volume-"));
  const image = join(base, "volume.img");
  const dir = join(base, "mnt");
  try {
    execFileSync("mkdir", ["-p", dir]);
    execFileSync("truncate", ["-s", `${sizeMb}M`, image]);
    execFileSync("mkfs.ext4", ["-q", "-m", "0", image], { stdio: "ignore" });
    execFileSync("mount", ["-o", "loop,errors=remount-ro", image, dir], { stdio: "ignore" });
  } catch (e) {
    rmSync(base, { recursive: true, force: true });
    return { volume: null, skip: `cannot mount a loop volume here: ${(e as Error).message.split("\n")[0]}` };
  }
  const device = basename(execFileSync("findmnt", ["-n", "-o", "SOURCE", dir], { encoding: "utf8" }).trim());
  return {
    skip: null,
    volume: {
      dir,
      failReadOnly() {
        writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, "1");
        for (let i = 0; i < 50 && !readOnlyNow(dir); i++) execFileSync("sleep", ["0.05"]);
      },
      close() {
        try {
          execFileSync("umount", ["-l", dir], { stdio: "ignore" });
        } catch {
          /* already gone */
        }
        rmSync(base, { recursive: true, force: true });
      },
    },
  };
}
