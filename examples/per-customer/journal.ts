/**
 * What the fleet last did to each customer, kept in `<state>/fleet.json`, so a run that stopped (a failure, a killed
 * process) can be resumed: `list` shows it, and `up` and `destroy` first unlock the stacks an interrupted run left
 * locked. The stacks themselves stay the truth: a customer recorded `done` is still brought up again, as a no-op.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The outcome of the last operation on one customer. */
export interface JournalEntry {
  /** `running`: started and never finished (the process stopped); `done`; `failed`; `destroyed`. */
  state: "running" | "done" | "failed" | "destroyed";
  /** `up` or `destroy`. */
  op: string;
  /** When the entry was written (ISO 8601). */
  at: string;
  /** What the operation did (`4 created`) or why it failed (one line). */
  detail: string;
}

/** The journal file: one entry per customer id, written after every change (atomically: temp file and rename). */
export class Journal {
  private readonly entries: Record<string, JournalEntry>;

  constructor(private readonly file: string) {
    this.entries = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { customers: Record<string, JournalEntry> }).customers : {};
  }

  /** The last entry of a customer, if any. */
  get(id: string): JournalEntry | undefined {
    return this.entries[id];
  }

  /** Every customer id the journal knows, sorted. */
  ids(): string[] {
    return Object.keys(this.entries).sort();
  }

  /** Records a customer's state and saves the file. */
  set(id: string, state: JournalEntry["state"], op: string, detail = ""): void {
    this.entries[id] = { state, op, at: new Date().toISOString(), detail };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify({ customers: this.entries }, null, 2)}\n`);
    fs.renameSync(temp, this.file);
  }
}
