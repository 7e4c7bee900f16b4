import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { findUnsafeKey } from "./json-safety";
import type { SeedInfo } from "./seed";
import { stateFromJson, stateToJson } from "./snapshot";
import type { State } from "./models/state";

/** Content of a data file, with the state in its in-memory form. */
export interface DataFile {
  version: 1;
  seed: SeedInfo;
  state: State;
}

/** Mode of the data file and of its temporary file: it holds every token and secret in clear. */
export const DATA_FILE_MODE = 0o600;

/**
 * Reads a data file and restricts its mode to 0600 (it may have been created with wider permissions);
 * undefined when absent. A corrupt file is an error (never silently replaced), and so is one holding a
 * `__proto__` key anywhere.
 */
export function loadData(file: string): DataFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
  fs.chmodSync(file, DATA_FILE_MODE);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${file}: not an emulator data file (not valid JSON)`);
  }
  const unsafe = findUnsafeKey(data);
  if (unsafe !== undefined) throw new Error(`${file}: not an emulator data file (key "__proto__" at ${unsafe})`);
  const d = data as { version?: unknown; seed?: unknown; state?: unknown };
  if (d.version !== 1 || typeof d.seed !== "object" || d.seed === null || d.state === undefined) {
    throw new Error(`${file}: not an emulator data file`);
  }
  let state: State;
  try {
    state = stateFromJson(d.state);
  } catch (e) {
    throw new Error(`${file}: not an emulator data file (${(e as Error).message})`);
  }
  return { version: 1, seed: d.seed as SeedInfo, state };
}

/**
 * Writes atomically: a temporary file beside the target (created exclusively, mode 0600, under a random name so a
 * file or link planted at a guessable name is never written through), then a rename over the target.
 */
export function writeData(file: string, data: DataFile): void {
  const text = JSON.stringify({ version: data.version, seed: data.seed, state: stateToJson(data.state) });
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const fd = fs.openSync(tmp, "wx", DATA_FILE_MODE);
  try {
    try {
      fs.fchmodSync(fd, DATA_FILE_MODE); // the creation mode is narrowed by the umask; state it exactly
      fs.writeFileSync(fd, text);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** Debounced saver: many changes in a burst give one write. */
export class Saver {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string, private readonly snapshot: () => DataFile, private readonly delayMs = 50) {}

  /** Schedules a write. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
    this.timer.unref();
  }

  /** Writes now (if a write is pending or `force`). */
  flush(force = false): void {
    const pending = this.timer !== undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (pending || force) writeData(this.file, this.snapshot());
  }
}
