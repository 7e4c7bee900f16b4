import { z } from "zod";
import { nonEmpty, uuidString } from "./common";
import { ENVIRONMENT_MODES } from "./environments";

/**
 * `CloneEnvironmentRequest` (`POST /environment/{id}/clone`): the new environment's name, and optionally its project,
 * cluster and mode. Unlike a create, the mode may be `PREVIEW` (the reference's `EnvironmentModeEnum`): a clone is how
 * a preview environment is made. `apply_deployment_rule` is accepted (the emulator applies no rule when cloning).
 */
export const cloneEnvironmentRequest = z.object({
  name: nonEmpty,
  cluster_id: uuidString.optional(),
  mode: z.enum(ENVIRONMENT_MODES).optional(),
  apply_deployment_rule: z.boolean().optional(),
  project_id: uuidString.optional(),
});

/** `CloneServiceRequest` (`POST /<kind>/{id}/clone`): the copy's name and the environment it goes into. */
export const cloneServiceRequest = z.object({ name: nonEmpty, environment_id: uuidString });
