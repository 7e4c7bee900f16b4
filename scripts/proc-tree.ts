/**
 * CPU seconds of a process tree on Linux, read from `/proc/<pid>/stat` while it runs, by role: the process that was
 * started (the runner, where an inline program runs), the engine (`pulumi`), the dynamic-provider hosts (the
 * `pulumi-resource-pulumi-nodejs` wrapper and everything under it) and the rest. A process is read every `everyMs`
 * and keeps the most it showed, so a process that ends between two reads loses at most that interval's CPU.
 */
import * as fs from "node:fs";

/** CPU seconds by role. */
export interface TreeCpu {
  program: number;
  engine: number;
  host: number;
  other: number;
}

const TICKS_PER_SECOND = 100;

/** One `/proc/<pid>/stat`: parent, user + system ticks of the process itself. */
function readStat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

type Role = keyof TreeCpu;

/** Samples the tree under `rootPid` until {@link stop} is called. */
export class TreeSampler {
  private readonly seen = new Map<number, { role: Role; ticks: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly rootPid: number, everyMs = 100) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  /** Takes a last sample and answers the CPU seconds by role. */
  stop(): TreeCpu {
    this.sample();
    clearInterval(this.timer);
    const cpu: TreeCpu = { program: 0, engine: 0, host: 0, other: 0 };
    for (const { role, ticks } of this.seen.values()) cpu[role] += ticks / TICKS_PER_SECOND;
    return cpu;
  }

  private sample(): void {
    const parents = new Map<number, number>();
    const ticks = new Map<number, number>();
    for (const name of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const stat = readStat(Number(name));
      if (stat) {
        parents.set(Number(name), stat.ppid);
        ticks.set(Number(name), stat.ticks);
      }
    }
    for (const [pid, t] of ticks) {
      const known = this.seen.get(pid);
      // A process seen between its fork and its exec still shows its parent's command line: ask again.
      const role = known && known.role !== "other" ? known.role : this.roleOf(pid, parents);
      if (role) this.seen.set(pid, { role, ticks: Math.max(known?.ticks ?? 0, t) });
    }
  }

  /** The role of a process of the tree (by itself or its nearest classified ancestor), or undefined outside it. */
  private roleOf(pid: number, parents: Map<number, number>): Role | undefined {
    if (pid === this.rootPid) return "program";
    const chain: number[] = [];
    for (let p: number | undefined = pid; p !== undefined && p > 1 && chain.length < 64; p = parents.get(p)) {
      if (p === this.rootPid) return chain.map((c) => this.ownRole(c)).find((r) => r !== undefined) ?? "other";
      chain.push(p);
    }
    return undefined;
  }

  /** A role from the process's own command line (the chain is read from the process up: the nearest role wins). */
  private ownRole(pid: number): Role | undefined {
    const known = this.seen.get(pid);
    if (known && known.role !== "other") return known.role;
    const cmd = commandLine(pid);
    if (/pulumi-resource-pulumi-nodejs|dynamic-provider/.test(cmd)) return "host";
    if (/(^|\/)pulumi(\s|$)/.test(cmd)) return "engine";
    return undefined;
  }
}
