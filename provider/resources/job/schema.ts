import { argsSchema } from "../../framework/args";
import { restrictionFields } from "../../service-kinds/restrictions";
import type { JobArgs } from "./index";
import { z } from "zod";
import { cronProblem, imageNameProblem, imageTagProblem, JOB_DEFAULTS, type JOB_ADVANCED_SETTINGS } from "../../../sdk";
import { field } from "../../framework/fields";
import { idInput, MAX_PORT, nameInput, ruledInput } from "../../framework/rules";
import { refineValues } from "../../framework/service-values";
import { groupFields, healthchecksSchema, resourceFields, serviceFields } from "../../service-kinds/shape";
import { gitRepositorySchema } from "../application/schema";
import { advancedSettingsField } from "../../service-kinds/advanced-settings";

const int = z.number().int();

/** The timezone a cron schedule runs in when the program names none (the service's default, `Etc/UTC`). */
export const DEFAULT_CRON_TIMEZONE: string = JOB_DEFAULTS.timezone;

/** Why `tz` is not an IANA timezone the runtime knows (`Europe/Paris`, `Etc/UTC`), or undefined. */
function timezoneProblem(tz: string): string | undefined {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return undefined;
  } catch {
    return `expected an IANA timezone such as "Etc/UTC" or "Europe/Paris", got ${JSON.stringify(tz.slice(0, 60))}`;
  }
}

/** An image from a container registry of the organization. */
export const jobImageSourceSchema = z.strictObject({
  registryId: field(idInput(), { readAs: ["registry_id", "registry.id"] }),
  imageName: ruledInput(imageNameProblem),
  tag: ruledInput(imageTagProblem),
});

/** A Dockerfile in a git repository, built by the service. */
export const jobDockerSourceSchema = z.strictObject({
  gitRepository: gitRepositorySchema,
  dockerfilePath: field(z.string().min(1).optional(), { cleared: null }),
  dockerfileRaw: field(z.string().min(1).optional(), { cleared: null }),
  dockerTargetBuildStage: field(z.string().min(1).optional(), { cleared: null }),
});

/** Where the job's image comes from: exactly one of `image` and `docker`. */
export const jobSourceSchema = z
  .strictObject({ image: jobImageSourceSchema.optional(), docker: jobDockerSourceSchema.optional() })
  .superRefine((s, ctx) => {
    const given = (["image", "docker"] as const).filter((k) => s[k] !== undefined);
    if (given.length === 1) return;
    ctx.addIssue({
      code: "custom",
      message:
        given.length === 0
          ? "expected exactly one of image (an image of a container registry) or docker (a Dockerfile in a git repository), got neither"
          : "expected exactly one of image or docker, got both",
    });
  });

/** What runs: the entrypoint and its arguments (both default to the image's). */
const commandFields = {
  arguments: z.array(z.string()).default([]),
  entrypoint: z.string().min(1).optional(),
};

/** A cron schedule. */
export const jobCronSchema = z.strictObject({
  expression: field(ruledInput(cronProblem), { wire: "scheduled_at" }),
  timezone: ruledInput(timezoneProblem).default(DEFAULT_CRON_TIMEZONE),
  ...commandFields,
});

/** One lifecycle event of the environment the job runs on. */
export const jobLifecycleEventSchema = z.strictObject(commandFields);

/** The lifecycle events, in input spelling; each is `on_<event>` on the wire. */
export const LIFECYCLE_EVENT_KEYS = ["onStart", "onStop", "onDelete"] as const;

/** When the job runs: a cron schedule, or one or more lifecycle events of its environment (never both). */
export const jobScheduleSchema = z
  .strictObject({
    cron: field(jobCronSchema.optional(), { wire: "cronjob" }),
    onStart: jobLifecycleEventSchema.optional(),
    onStop: jobLifecycleEventSchema.optional(),
    onDelete: jobLifecycleEventSchema.optional(),
  })
  .superRefine((s, ctx) => {
    const events = LIFECYCLE_EVENT_KEYS.filter((k) => s[k] !== undefined);
    if (s.cron !== undefined && events.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `expected either cron (a cron job) or lifecycle events (onStart, onStop, onDelete), got cron and ${events.join(" and ")}`,
      });
    } else if (s.cron === undefined && events.length === 0) {
      ctx.addIssue({
        code: "custom",
        message: "expected cron (a cron job) or at least one lifecycle event of onStart, onStop, onDelete, got none",
      });
    }
  });

/** Validated job inputs: the single source of field names, types, defaults and wire spellings. */
export const jobSchema = argsSchema<JobArgs>()(z
  .strictObject({
    environmentId: field(idInput(), { parent: "environment" }),
    name: nameInput(255),
    description: z.string().default(""),
    source: jobSourceSchema,
    schedule: jobScheduleSchema,
    maxDurationSeconds: field(int.min(0).optional(), { computed: true }),
    maxRestarts: field(int.min(0).default(JOB_DEFAULTS.max_nb_restart), { wire: "max_nb_restart" }),
    port: field(int.min(1).max(MAX_PORT).optional(), { cleared: null }),
    ...resourceFields(JOB_DEFAULTS),
    healthchecks: healthchecksSchema.default({}),
    autoPreview: field(z.boolean().optional(), { computed: true }),
    autoDeploy: z.boolean().default(false),
    ...groupFields,
    ...serviceFields,
    ...restrictionFields,
    advancedSettings: advancedSettingsField<typeof JOB_ADVANCED_SETTINGS>("job"),
  })
  .superRefine(refineValues));

/** Job inputs after validation (defaults applied, git provider derived). */
export type JobInputs = z.output<typeof jobSchema>;

/** `"CRON"` or `"LIFECYCLE"`: the job's type as the service names it, from a `schedule` input (undefined when unreadable). */
export function scheduleKind(schedule: unknown): "CRON" | "LIFECYCLE" | undefined {
  if (schedule === null || typeof schedule !== "object" || Array.isArray(schedule)) return undefined;
  const s = schedule as Record<string, unknown>;
  if (s["cron"] !== undefined && s["cron"] !== null) return "CRON";
  return LIFECYCLE_EVENT_KEYS.some((k) => s[k] !== undefined && s[k] !== null) ? "LIFECYCLE" : undefined;
}
