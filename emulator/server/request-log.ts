/** One entry of `GET /_emulator/requests`. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  token_name: string | null;
  time: string;
}

const MAX_ENTRIES = 10000;

/** The API requests seen (control endpoints excluded), oldest first, bounded. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  /** Records a request. */
  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  /** All entries. */
  list(): RequestLogEntry[] {
    return [...this.entries];
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries = [];
  }
}
