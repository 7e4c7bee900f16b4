import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { findUnsafeKey } from "../server/json-safety";
import type { SeedInfo } from "./seed";
import { stateFromJson, stateToJson } from "./snapshot";
import type { State } from "../models/state";

/** Content of a data file, with the state in its in-memory form. */
export interface DataFile {
  version: 1;
  seed: SeedInfo;
  state: State;
}

/** Mode of the data file and of its temporary file: it holds every token and secret in clear. */
export const DATA_FILE_MODE = 0o600;

/**
 * Reads the data file through a descriptor opened without following a link, and narrows that file's mode to 0600
 * (it may have been created with wider permissions); undefined when absent. A symbolic link is refused (the emulator
 * would write and chmod whatever it points at); so is anything but a regular file.
 */
function readDataText(file: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP") throw new Error(`${file}: is a symbolic link; give the path of the data file itself`);
    throw e;
  }
  try {
    if (!fs.fstatSync(fd).isFile()) throw new Error(`${file}: not a regular file`);
    fs.fchmodSync(fd, DATA_FILE_MODE);
    return fs.readFileSync(fd, "utf8");
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads a data file and restricts its mode to 0600; undefined when absent. A corrupt file is an error (never
 * silently replaced), and so is a symbolic link, a file holding a `__proto__` key anywhere, and one with a record
 * that is not of its collection's form (the error names the collection, the record and the field).
 */
export function loadData(file: string): DataFile | undefined {
  const text = readDataText(file);
  if (text === undefined) return undefined;
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

/** The text of a data file. */
export function dataText(data: DataFile): string {
  return JSON.stringify({ version: data.version, seed: data.seed, state: stateToJson(data.state) });
}

/** Flushes a directory's entries (the rename) to disk; a file system that cannot sync a directory is let be. */
function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EINVAL") throw e;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes `text` durably and atomically: a temporary file beside the target (created exclusively, mode 0600, under a
 * random name so a file or link planted at a guessable name is never written through), written and fsynced, renamed
 * over the target (a link at the target is replaced, never followed), then the directory fsynced.
 */
export function writeDataText(file: string, text: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const fd = fs.openSync(tmp, "wx", DATA_FILE_MODE);
  try {
    try {
      fs.fchmodSync(fd, DATA_FILE_MODE); // the creation mode is narrowed by the umask; state it exactly
      fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  syncDirectory(path.dirname(file));
}

/** Writes a data file (see {@link writeDataText}). */
export function writeData(file: string, data: DataFile): void {
  writeDataText(file, dataText(data));
}

/** A save of the data file failed; the message names the file and the error code, never the content. */
export class SaveError extends Error {}

/** How a {@link Saver} reaches the state it saves. */
export interface SaverTarget {
  /** Everything the data file holds, now. */
  snapshot(): DataFile;
  /** Puts back a state read from the last saved text (after a change whose save failed). */
  restore(state: State): void;
  /** Told of a failed save that no request was waiting for (a save scheduled by a timer). */
  onError?(message: string): void;
}

/**
 * Keeps the data file in step with the state. A change a request makes is saved before its answer
 * ({@link commit}): on disk, or undone in memory. Changes made later by timers (webhook deliveries, deployment
 * events) are saved within `delayMs` ({@link schedule}); a failure there is reported, never thrown, and retried by the
 * next save.
 */
export class Saver {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  /** The text last written (or loaded): what a failed change goes back to. */
  private saved: string;

  constructor(private readonly file: string, private readonly target: SaverTarget, private readonly delayMs = 50) {
    this.saved = dataText(target.snapshot());
  }

  /** Schedules a write of a change nobody waits for. */
  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      try {
        this.flush();
      } catch (e) {
        this.target.onError?.((e as Error).message);
      }
    }, this.delayMs);
    this.timer.unref();
  }

  /** Writes now when a change is pending (or `force`); throws a {@link SaveError} when the write fails. */
  flush(force = false): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty && !force) return;
    const text = dataText(this.target.snapshot());
    try {
      writeDataText(this.file, text);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? "error";
      throw new SaveError(`the data file ${this.file} could not be written (${code}); the change was not applied`);
    }
    this.saved = text;
    this.dirty = false;
  }

  /**
   * Runs `change` and saves its result before returning. When the save fails, the state goes back to the last
   * saved one and a {@link SaveError} is thrown; so it is when a pending save fails before `change` runs (which then
   * does not run). An error thrown by `change` itself is passed on, nothing saved.
   */
  commit<T>(change: () => T): T {
    this.flush();
    const result = change();
    try {
      this.flush(true);
    } catch (e) {
      this.dirty = false;
      const saved = JSON.parse(this.saved) as { state: unknown };
      this.target.restore(stateFromJson(saved.state, false)); // this emulator's own text: checked when loaded
      throw e;
    }
    return result;
  }
}
