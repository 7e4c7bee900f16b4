/**
 * Environments' schedules on the rules' clock (`deployments/rule-clock.ts`): an auto-stopped environment is stopped
 * at its stop time and deployed again at its start time on its days, wall-clock times in its time zone, whatever the
 * requests in between; the clock is set (`ruleTime`) or shortened (`ruleDayMs`) through `PUT /_emulator/config`.
 * 2026-11-30 is a Monday; Paris is UTC+1 then.
 */
import { control } from "../../../emulator/control/control-client";
import { lastBoundary } from "../../../emulator/deployments/rule-clock";
import { appBody, projectAndEnv, useEmulator, waitFor } from "../support/helpers";
import { environmentRuleBody } from "../support/deployment-rules";

const c = useEmulator();
const DAY = 86_400_000;

async function clock(ruleTime: string, ruleDayMs = DAY): Promise<void> {
  const r = await control(c.emu, "PUT", "/config", { ruleTime, ruleDayMs });
  if (r.status !== 200) throw new Error(`config: ${r.status} ${await r.text()}`);
}

/** An environment with a deployed application and an auto-stop rule (Paris, 08:00 to 19:00, `weekdays`). */
async function scheduled(weekdays = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"]): Promise<{ envId: string; state: () => Promise<string> }> {
  const { envId } = await projectAndEnv(c);
  const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body.id as string;
  await c.call("POST", `/application/${app}/deploy`);
  const rule = (await c.call("GET", `/environment/${envId}/deploymentRule`)).body.id as string;
  const put = await c.call("PUT", `/environment/${envId}/deploymentRule/${rule}`, environmentRuleBody({ auto_stop: true, weekdays }));
  if (put.status !== 200) throw new Error(`rule: ${put.status} ${JSON.stringify(put.body)}`);
  return { envId, state: async () => (await c.call("GET", `/application/${app}/status`)).body.state as string };
}

describe("the rules' clock", () => {
  afterEach(async () => {
    await control(c.emu, "PUT", "/config", { ruleDayMs: DAY });
  });

  it("stops an environment at its stop time and deploys it at its start time, in its time zone, on its days only", async () => {
    await clock("2026-11-30T07:30:00Z");
    const { envId, state } = await scheduled();
    expect(await state()).toBe("DEPLOYED");
    await clock("2026-11-30T17:59:00Z");
    expect(await state()).toBe("DEPLOYED");
    await clock("2026-11-30T18:00:30Z");
    expect(await state()).toBe("STOPPED");
    expect((await c.call("GET", `/environment/${envId}/status`)).body.state).toBe("STOPPED");
    await clock("2026-12-01T06:59:00Z");
    expect(await state()).toBe("STOPPED");
    await clock("2026-12-01T07:00:30Z");
    expect(await state()).toBe("DEPLOYED");
    await clock("2026-12-04T19:00:00Z");
    expect(await state()).toBe("STOPPED");
    await clock("2026-12-05T07:30:00Z");
    await clock("2026-12-06T07:30:00Z");
    expect(await state()).toBe("STOPPED");
    await clock("2026-12-07T07:30:00Z");
    expect(await state()).toBe("DEPLOYED");
  });

  it("applies only the last boundary crossed by a long jump, and leaves alone what it has not stopped", async () => {
    await clock("2026-11-30T07:30:00Z");
    const { state } = await scheduled(["WEDNESDAY"]);
    await clock("2027-03-03T20:00:00Z");
    expect(await state()).toBe("STOPPED");
    await clock("2027-03-04T12:00:00Z");
    expect(await state()).toBe("STOPPED");
    const { envId } = await projectAndEnv(c, "idle");
    const rule = (await c.call("GET", `/environment/${envId}/deploymentRule`)).body.id as string;
    await c.call("PUT", `/environment/${envId}/deploymentRule/${rule}`, environmentRuleBody({ auto_stop: true }));
    await clock("2027-03-05T19:30:00Z");
    expect((await c.call("GET", `/environment/${envId}/status`)).body.state).toBe("READY");
  });

  it("runs faster when its day is shortened: a stop an hour ahead happens within a bounded wait", async () => {
    await clock("2026-11-30T07:30:00Z");
    const { state } = await scheduled();
    await clock("2026-11-30T17:00:00Z", 2400);
    expect(await state()).toBe("DEPLOYED");
    await waitFor(async () => (await state()) === "STOPPED", 3000);
  });

  it("reads wall-clock times across a change of offset (Paris's summer time began on 2026-03-29)", () => {
    const rule = { timezone: "Europe/Paris", start_time: "1970-01-01T08:00:00.000Z", stop_time: "1970-01-01T19:00:00.000Z", weekdays: ["SUNDAY", "MONDAY"] };
    const from = Date.parse("2026-03-29T00:00:00Z");
    expect(lastBoundary(rule, from, Date.parse("2026-03-29T06:30:00Z"))).toEqual({ kind: "START", at: Date.parse("2026-03-29T06:00:00Z") });
    expect(lastBoundary(rule, from, Date.parse("2026-03-28T23:00:00Z"))).toBeUndefined();
    expect(lastBoundary(rule, Date.parse("2026-03-30T17:00:00Z"), Date.parse("2026-03-30T18:00:00Z"))).toBeUndefined();
    expect(lastBoundary(rule, Date.parse("2026-03-30T16:59:59Z"), Date.parse("2026-03-30T17:00:00Z"))).toEqual({ kind: "STOP", at: Date.parse("2026-03-30T17:00:00Z") });
  });

  it("refuses a day shorter than 100 ms or a time that is not a date-time, naming the field", async () => {
    const short = await control(c.emu, "PUT", "/config", { ruleDayMs: 10 });
    const bad = await control(c.emu, "PUT", "/config", { ruleTime: "monday" });
    const message = async (r: Response) => ((await r.json()) as { message: string }).message;
    expect([short.status, await message(short), bad.status, await message(bad)])
      .toEqual([400, expect.stringMatching(/^ruleDayMs: /), 400, expect.stringMatching(/^ruleTime: /)]);
  });
});
