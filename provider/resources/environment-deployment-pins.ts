/** The pins of an `EnvironmentDeployment`: the versions its `services` input deploys, by kind and id. */
import { z } from "zod";
import { helmChartVersionProblem, imageTagProblem, type KindsWith } from "../../sdk";
import { snakeCase } from "../framework/case";
import { idInput, ruledInput } from "../framework/rules";
import { isRecord } from "../service-kinds/shape";

const jobPinSchema = z
  .strictObject({ imageTag: ruledInput(imageTagProblem).optional(), gitCommitId: z.string().min(1).optional() })
  .superRefine((pin, ctx) => {
    const given = (["imageTag", "gitCommitId"] as const).filter((k) => pin[k] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({ code: "custom", message: `expected exactly one of imageTag or gitCommitId, got ${given.length === 0 ? "neither" : "both"}` });
    }
  });

const helmPinSchema = z
  .strictObject({
    chartVersion: ruledInput(helmChartVersionProblem).optional(),
    gitCommitId: z.string().min(1).optional(),
    valuesOverrideGitCommitId: z.string().min(1).optional(),
  })
  .superRefine((pin, ctx) => {
    if (pin.chartVersion !== undefined && pin.gitCommitId !== undefined) {
      ctx.addIssue({ code: "custom", message: "expected chartVersion (a chart of a repository) or gitCommitId (a chart from git), got both" });
    } else if (Object.keys(pin).length === 0) {
      ctx.addIssue({ code: "custom", message: "expected chartVersion, gitCommitId or valuesOverrideGitCommitId, got none" });
    }
  });

/** The `services` input: versions to pin, by kind and id. */
export const pinsSchema = z.strictObject({
  applications: z.record(idInput(), z.string().min(1)).optional(),
  containers: z.record(idInput(), ruledInput(imageTagProblem)).optional(),
  jobs: z.record(idInput(), jobPinSchema).optional(),
  terraforms: z.record(idInput(), z.string().min(1)).optional(),
  helms: z.record(idInput(), helmPinSchema).optional(),
});

/** One pinned service: its kind (one with a version to pin: built from git or run from an image), id and the pin. */
export interface Pin {
  kind: KindsWith<"gitSource"> | KindsWith<"imageSource">;
  id: string;
  pin: { git_commit_id?: string; image_tag?: string; chart_version?: string; values_override_git_commit_id?: string };
}

/** The pins of a `services` value, in a stable order (kind, then id). */
export function pinsOf(services: unknown): Pin[] {
  const s = isRecord(services) ? services : {};
  const entries = (v: unknown) => Object.entries(isRecord(v) ? v : {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const pins: Pin[] = [];
  for (const [id, commit] of entries(s["applications"])) pins.push({ kind: "application", id, pin: { git_commit_id: String(commit) } });
  for (const [id, tag] of entries(s["containers"])) pins.push({ kind: "container", id, pin: { image_tag: String(tag) } });
  for (const [id, job] of entries(s["jobs"])) pins.push({ kind: "job", id, pin: objectPin(job) });
  for (const [id, commit] of entries(s["terraforms"])) pins.push({ kind: "terraform", id, pin: { git_commit_id: String(commit) } });
  for (const [id, helm] of entries(s["helms"])) pins.push({ kind: "helm", id, pin: objectPin(helm) });
  return pins;
}

/** A pin given as an object (a job's, a Helm chart's): its members in the service's spelling (`gitCommitId`: `git_commit_id`). */
function objectPin(given: unknown): Pin["pin"] {
  const members = Object.entries(isRecord(given) ? given : {}).filter(([, v]) => typeof v === "string");
  return Object.fromEntries(members.map(([k, v]) => [snakeCase(k), v])) as Pin["pin"];
}

/** A pin's kind and id, as one key. */
export const pinKey = (p: Pin): string => `${p.kind}/${p.id}`;

/** The pins of `now` that are new or differ from `before`. */
export function changedPins(before: unknown, now: unknown): Pin[] {
  const old = new Map(pinsOf(before).map((p) => [pinKey(p), JSON.stringify(p.pin)]));
  return pinsOf(now).filter((p) => old.get(pinKey(p)) !== JSON.stringify(p.pin));
}

/** Two `services` values pin the same versions (`{}`, `{ applications: {} }` and nothing are the same). */
export function samePins(a: unknown, b: unknown): boolean {
  return JSON.stringify(pinsOf(a)) === JSON.stringify(pinsOf(b));
}

/** The `services` input after validation. */
export type PinsInputs = z.output<typeof pinsSchema>;
