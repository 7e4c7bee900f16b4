/**
 * The name conflicts of creates that run side by side in this provider process. The engine runs the creates of one
 * `pulumi up` in parallel, all through one provider process, so an interrupted `up` leaves one object per create it
 * had in flight, and the next `up` meets all of them at once. Each conflicting create waits a moment for its
 * siblings, so that every failure names every conflicting object and the one command that takes them all over.
 *
 * Why the next `up` does not take them over by itself: that needs proof that the object came from this stack's
 * killed create, and there is none to be had. A dynamic provider's create gets no URN; the service keeps no free
 * field on environments and services where a create could record its stack and resource (only projects, stages,
 * tokens and registries have a `description`, and it is the user's); and a local journal of started creates is gone
 * on the fresh CI runner that the next `up` usually runs on, and could not tell our object from one another writer
 * made with the same name after the kill. So nothing is taken over unless the user runs the printed command.
 */

/** One create that met an object of the same name. */
export interface Conflict {
  /** The object in words, as a message shows it: `application "api" (id …)`, or only the id for a secret key. */
  shown: string;
  /** The existing object's id. */
  id: string;
}

/** How long a conflicting create waits for siblings, in milliseconds. */
export interface RoundTiming {
  /** Waits at least this long after the last create started (a sibling the engine launches just after). */
  graceMs: number;
  /** Stops waiting when nothing started or conflicted for this long, even if a create is still running (a deploy). */
  quietMs: number;
  /** Never waits longer than this. */
  maxMs: number;
}

const DEFAULT_TIMING: RoundTiming = { graceMs: 1000, quietMs: 3000, maxMs: 20_000 };
const POLL_MS = 50;

/** The creates of one burst: from the first that starts until none is running. */
class Round {
  private running = 0;
  private undecided = 0;
  private lastStart = 0;
  private lastActivity = 0;
  private conflicts: Conflict[] = [];

  constructor(private readonly timing: RoundTiming) {}

  /** A create starts; call the returned function when it ends, however it ends. */
  start(): { conflicted: (c: Conflict) => Promise<Conflict[]>; end: () => void } {
    this.running++;
    this.undecided++;
    this.lastStart = this.lastActivity = Date.now();
    let decided = false;
    const decide = () => {
      if (!decided) this.undecided--;
      decided = true;
    };
    return {
      conflicted: async (c) => {
        decide();
        if (!this.conflicts.some((o) => o.id === c.id)) this.conflicts.push(c);
        this.lastActivity = Date.now();
        await this.settled();
        return [...this.conflicts];
      },
      end: () => {
        decide();
        this.running--;
        if (this.running === 0) this.conflicts = [];
      },
    };
  }

  /** Resolves when every create of the burst has decided, or the burst went quiet, or the longest wait passed. */
  private async settled(): Promise<void> {
    const began = Date.now();
    for (;;) {
      const now = Date.now();
      if (this.undecided === 0 && now - this.lastStart >= this.timing.graceMs) return;
      if (now - this.lastActivity >= this.timing.quietMs || now - began >= this.timing.maxMs) return;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}

let round = new Round(DEFAULT_TIMING);

/** Starts tracking one create of this process (see {@link Round.start}). */
export function startCreate(): ReturnType<Round["start"]> {
  return round.start();
}

/** Replaces the timing (tests); call it while no create runs. */
export function setRoundTiming(timing: Partial<RoundTiming>): void {
  round = new Round({ ...DEFAULT_TIMING, ...timing });
}
