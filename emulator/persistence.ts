import fs from "node:fs";
import path from "node:path";
import type { SeedInfo } from "./seed";
import type { State } from "./types";

/** Content of a data file. */
export interface DataFile {
  version: 1;
  seed: SeedInfo;
  state: State;
}

/** Reads a data file; undefined when absent. A corrupt file is an error (never silently replaced). */
export function loadData(file: string): DataFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
  const data = JSON.parse(text) as DataFile;
  if (data.version !== 1 || !data.seed || !data.state) throw new Error(`${file}: not an emulator data file`);
  return data;
}

/** Writes atomically: a temporary file beside the target, then a rename. */
export function writeData(file: string, data: DataFile): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(data));
  fs.renameSync(tmp, file);
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
