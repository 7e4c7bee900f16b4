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

/** A pin given as one string: the request's `git_commit_id` (an application's, a Terraform service's commit). */
const commitPin = (given: unknown): PinWire => ({ git_commit_id: String(given) });

/** A pin given as an object (a job's, a Helm chart's): its members in the service's spelling (`gitCommitId`: `git_commit_id`). */
function objectPin(given: unknown): PinWire {
  const members = Object.entries(isRecord(given) ? given : {}).filter(([, v]) => typeof v === "string");
  return Object.fromEntries(members.map(([k, v]) => [snakeCase(k), v])) as PinWire;
}

/**
 * The kinds a deployment pins, one entry each, by their key in the `services` input and in the service's deploy
 * request (`DeployAllRequest`): the kind, the schema of one pin, the pin as the request spells it, and the member
 * naming the service in the request's item (`id` but for applications). A kind with a version to deploy is one entry
 * here and its member of `EnvironmentDeploymentPinsArgs`.
 */
export const PIN_KINDS = {
  applications: { kind: "application", schema: z.string().min(1), wire: commitPin, idMember: "application_id" },
  containers: { kind: "container", schema: ruledInput(imageTagProblem), wire: (given: unknown): PinWire => ({ image_tag: String(given) }), idMember: "id" },
  jobs: { kind: "job", schema: jobPinSchema, wire: objectPin, idMember: "id" },
  helms: { kind: "helm", schema: helmPinSchema, wire: objectPin, idMember: "id" },
  terraforms: { kind: "terraform", schema: z.string().min(1), wire: commitPin, idMember: "id" },
} as const satisfies Record<string, { kind: Pin["kind"]; schema: z.ZodType; wire: (given: unknown) => PinWire; idMember: string }>;

/** A key of the `services` input (`applications`, `helms`, ...). */
export type PinKey = keyof typeof PIN_KINDS;

/** The `services` input: versions to pin, by kind and id. */
export const pinsSchema = z.strictObject(
  Object.fromEntries(Object.entries(PIN_KINDS).map(([key, p]) => [key, z.record(idInput(), p.schema).optional()])) as {
    [K in PinKey]: z.ZodOptional<z.ZodRecord<ReturnType<typeof idInput>, (typeof PIN_KINDS)[K]["schema"]>>;
  },
);

/** A pin as the deploy request spells it. */
type PinWire = { git_commit_id?: string; image_tag?: string; chart_version?: string; values_override_git_commit_id?: string };

/** One pinned service: its kind (one with a version to pin: built from git or run from an image), id and the pin. */
export interface Pin {
  kind: KindsWith<"gitSource"> | KindsWith<"imageSource">;
  id: string;
  pin: PinWire;
}

/** The pins of a `services` value, in a stable order (kind, then id). */
export function pinsOf(services: unknown): Pin[] {
  const s = isRecord(services) ? services : {};
  const entries = (v: unknown) => Object.entries(isRecord(v) ? v : {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return (Object.keys(PIN_KINDS) as PinKey[]).flatMap((key) =>
    entries(s[key]).map(([id, given]) => ({ kind: PIN_KINDS[key].kind, id, pin: PIN_KINDS[key].wire(given) })),
  );
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
