import { argsSchema } from "../../framework/args";
import type { ApplicationArgs } from "./index";
import { z } from "zod";
import { APPLICATION_ADVANCED_SETTINGS, APPLICATION_DEFAULTS, GIT_PROVIDER_REQUIRED_REASON, gitProviderOfUrl, gitUrlProblem, PORT_PROTOCOLS } from "../../../sdk";
import { GIT_PROVIDERS } from "../git-token";
import { advancedSettingsField } from "../../service-kinds/advanced-settings";
import { idInput, nameInput } from "../../framework/rules";
import { refineRunningService, runningServiceFields } from "../../service-kinds/shape";
import { isUnknown } from "../../framework/unknowns";
import { field } from "../../framework/fields";
import { restrictionFields } from "../../service-kinds/restrictions";

/** Port protocols. */
export { PORT_PROTOCOLS };
/** The probe, port and volume schemas applications share with containers. */
export { healthchecksSchema, portSchema, probeSchema, probeTypeSchema, storageSchema } from "../../service-kinds/shape";

/** A git repository; `provider` is derived from the URL host when left out. */
export const gitRepositorySchema = z
  .strictObject({
    url: z
      .string()
      .min(1)
      .superRefine((url, ctx) => {
        if (url === "" || isUnknown(url)) return;
        const problem = gitUrlProblem(url);
        if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
      }),
    branch: z.string().min(1).optional(),
    rootPath: z.string().min(1).default("/"),
    gitTokenId: field(idInput().optional(), { cleared: null }),
    // Derived from the URL by check; kept from the state when the service does not answer it.
    provider: field(z.enum(GIT_PROVIDERS).optional(), { computed: true }),
  })
  .transform((repo, ctx) => {
    if (repo.provider !== undefined || isUnknown(repo.url)) return repo;
    const provider = gitProviderOfUrl(repo.url);
    if (provider === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["provider"],
        message: GIT_PROVIDER_REQUIRED_REASON,
      });
      return z.NEVER;
    }
    return { ...repo, provider };
  });

/** Validated application inputs: the single source of field names, types and defaults. */
export const applicationSchema = argsSchema<ApplicationArgs>()(z
  .strictObject({
    environmentId: field(idInput(), { parent: "environment" }),
    name: nameInput(255),
    gitRepository: gitRepositorySchema,
    buildMode: z.enum(["DOCKER"]).default("DOCKER"),
    dockerfilePath: field(z.string().min(1).optional(), { cleared: null }),
    dockerTargetBuildStage: field(z.string().min(1).optional(), { cleared: null }),
    ...runningServiceFields(APPLICATION_DEFAULTS),
    ...restrictionFields,
    advancedSettings: advancedSettingsField<typeof APPLICATION_ADVANCED_SETTINGS>("application"),
  })
  .superRefine(refineRunningService));

/** Application inputs after validation (defaults applied, git provider derived). */
export type ApplicationInputs = z.output<typeof applicationSchema>;
