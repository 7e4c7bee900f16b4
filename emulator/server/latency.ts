/**
 * The per-request latency of `--latency-ms` (every API answer waits that long before it is sent; control endpoints
 * and `/openapi.json` never wait), and the count of API requests in flight, which benchmarks read to see how many
 * requests a client keeps going at once.
 */

/** Waits `ms` milliseconds; replaced in tests to observe the wait without timing anything. */
export type Sleep = (ms: number) => Promise<void>;

/** The real wait: a timer. */
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API requests in flight since the last reset, as `RunningEmulator.inFlight()` answers them. */
export interface FlightFigures {
  /** API requests answered since the last reset. */
  requests: number;
  /** The most API requests in flight at once. */
  most: number;
  /** Milliseconds with at least one API request in flight. */
  busyMs: number;
  /** Mean API requests in flight over the busy time (0 when never busy). */
  meanWhileBusy: number;
}

/** Counts API requests from their arrival to their answer's end (or the connection's loss). */
export class InFlight {
  private now = 0;
  private most = 0;
  private requests = 0;
  private busyMs = 0;
  private area = 0;
  private since = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** A request arrives; call the answer once it is over (calling it again does nothing). */
  start(): () => void {
    this.advance();
    this.now++;
    this.most = Math.max(this.most, this.now);
    let over = false;
    return () => {
      if (over) return;
      over = true;
      this.advance();
      this.now--;
      this.requests++;
    };
  }

  /** The figures since the last reset (requests still in flight count up to now). */
  figures(): FlightFigures {
    this.advance();
    return { requests: this.requests, most: this.most, busyMs: this.busyMs, meanWhileBusy: this.busyMs === 0 ? 0 : this.area / this.busyMs };
  }

  /** Starts counting again (requests in flight stay counted). */
  reset(): void {
    this.advance();
    this.most = this.now;
    this.requests = 0;
    this.busyMs = 0;
    this.area = 0;
  }

  private advance(): void {
    const t = this.clock();
    if (this.now > 0) {
      this.busyMs += t - this.since;
      this.area += (t - this.since) * this.now;
    }
    this.since = t;
  }
}
