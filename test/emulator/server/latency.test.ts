import { HELP, parseArgs } from "../../../emulator/cli";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { control } from "../../../emulator/control/control-client";
import { InFlight } from "../../../emulator/server/latency";

/** A sleep the test releases by hand: it records each wait asked for and answers once released. */
function heldSleep(): { sleep: (ms: number) => Promise<void>; asked: number[]; release(): void; waiting(): Promise<void> } {
  const asked: number[] = [];
  const releases: Array<() => void> = [];
  return {
    asked,
    sleep: (ms) => {
      asked.push(ms);
      return new Promise<void>((resolve) => releases.push(resolve));
    },
    release: () => { for (const r of releases.splice(0)) r(); },
    // Bounded: the request reaches the server within a few event-loop turns.
    waiting: async () => {
      for (let i = 0; i < 500 && releases.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
      if (releases.length === 0) throw new Error("the request never waited");
    },
  };
}

describe("--latency-ms", () => {
  let emu: RunningEmulator | undefined;
  afterEach(async () => { await emu?.close(); emu = undefined; });

  it("is parsed by the CLI, documented in its help, and refused when not a non-negative integer", () => {
    expect(parseArgs(["--latency-ms", "150"]).options.latencyMs).toBe(150);
    expect(parseArgs([]).options.latencyMs).toBeUndefined();
    expect(() => parseArgs(["--latency-ms", "-1"])).toThrow(/^--latency-ms: expected a non-negative integer, got -1/);
    expect(() => parseArgs(["--latency-ms"])).toThrow(/^--latency-ms: expected a non-negative integer, got nothing/);
    expect(HELP).toMatch(/--latency-ms N/);
  });

  it("holds every API answer until the wait is over; control endpoints answer without waiting", async () => {
    const held = heldSleep();
    emu = await startEmulator({ latencyMs: 150, sleep: held.sleep });
    let answered = false;
    const pending = fetch(`${emu.url}/organization`, { headers: { authorization: `Token ${emu.tokens.admin}` } })
      .then((r) => { answered = true; return r; });
    await held.waiting();
    expect(held.asked).toEqual([150]);
    // The control endpoints answer while the API request still waits, and asked for no wait of their own.
    expect((await control(emu, "GET", "/requests")).status).toBe(200);
    expect(held.asked).toEqual([150]);
    expect(answered).toBe(false);
    expect(emu.inFlight().most).toBe(1);
    held.release();
    expect((await pending).status).toBe(200);
    expect(answered).toBe(true);
    // A refused request (no token) waits too: every API answer does.
    const refused = fetch(`${emu.url}/organization`).then((r) => r.status);
    await held.waiting();
    expect(held.asked).toEqual([150, 150]);
    held.release();
    expect(await refused).toBe(401);
    expect(emu.inFlight(true)).toMatchObject({ requests: 2, most: 1 });
    expect(emu.inFlight()).toMatchObject({ requests: 0, most: 0 });
  });

  it("waits for nothing by default, and refuses a bad programmatic value", async () => {
    const held = heldSleep();
    emu = await startEmulator({ sleep: held.sleep });
    const r = await fetch(`${emu.url}/organization`, { headers: { authorization: `Token ${emu.tokens.admin}` } });
    expect(r.status).toBe(200);
    expect(held.asked).toEqual([]);
    await expect(startEmulator({ latencyMs: 1.5 })).rejects.toThrow(/^latencyMs: expected a non-negative integer, got 1.5/);
  });
});

describe("InFlight", () => {
  it("counts the most requests at once and the mean over the time with one in flight", () => {
    let t = 0;
    const flight = new InFlight(() => t);
    const a = flight.start();
    t = 10;
    const b = flight.start();
    t = 20;
    a();
    a(); // a second call changes nothing
    t = 30;
    b();
    t = 100; // idle time is not busy time
    expect(flight.figures()).toEqual({ requests: 2, most: 2, busyMs: 30, meanWhileBusy: 40 / 30 });
  });
});
