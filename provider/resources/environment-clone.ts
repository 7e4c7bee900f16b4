/**
 * An environment made by a clone (`cloneFrom`): its create is `POST /environment/{source}/clone` instead of the
 * project's create, the one request that takes mode `PREVIEW`. Everything after the create (edits, values, reads,
 * delete) is an environment's like any other. The edit request refuses `PREVIEW` (the service's
 * `CreateEnvironmentModeEnum`), so an environment keeping mode `PREVIEW` never sends it again, and a move to
 * `PREVIEW` is a new clone (a replacement).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import type { FamilyCalls, Props } from "../framework/calls";

/** The mode only a clone may give an environment. */
export const PREVIEW_MODE = "PREVIEW";

/** Check's refusal of a clone's inputs (mode `PREVIEW`, `applyDeploymentRule`) on an environment the project's create would make. */
export function refineCloneInputs(value: { mode?: unknown; cloneFrom?: unknown; applyDeploymentRule?: unknown }, ctx: z.RefinementCtx): void {
  if (value.cloneFrom !== undefined) return;
  if (value.applyDeploymentRule !== undefined) {
    ctx.addIssue({ code: "custom", path: ["applyDeploymentRule"], message: "applyDeploymentRule is a clone's: set cloneFrom to the environment to copy, or leave it out" });
  }
  if (value.mode === PREVIEW_MODE) {
    ctx.addIssue({
      code: "custom", path: ["mode"],
      message: "mode PREVIEW is made by a clone only (the service's create takes DEVELOPMENT, PRODUCTION or STAGING): set cloneFrom to the environment to copy, or choose another mode",
    });
  }
}

/** The environment's calls with its create a clone when `cloneFrom` is set, and an edit that never sends `PREVIEW`. */
export function cloneAwareCalls<I extends Props, R>(base: FamilyCalls<I, R>): FamilyCalls<I, R> {
  return {
    ...base,
    create: (client, inputs, body) =>
      inputs["cloneFrom"] === undefined ? base.create(client, inputs, body) : (cloneCall(client, inputs, body) as Promise<R>),
    update: (client, id, inputs, body) => base.update(client, id, inputs, withoutPreview(body)),
  };
}

function cloneCall(client: DeployServiceClient, inputs: Props, body: Props): Promise<unknown> {
  return client.environments.clone(String(inputs["cloneFrom"]), {
    name: String(body["name"]),
    project_id: String(inputs["projectId"]),
    ...(body["cluster"] !== undefined ? { cluster_id: String(body["cluster"]) } : {}),
    ...(body["mode"] !== undefined ? { mode: body["mode"] as never } : {}),
    ...(inputs["applyDeploymentRule"] !== undefined ? { apply_deployment_rule: Boolean(inputs["applyDeploymentRule"]) } : {}),
  });
}

function withoutPreview(body: Props): Props {
  if (body["mode"] !== PREVIEW_MODE) return body;
  const { mode: _mode, ...rest } = body;
  return rest;
}

/**
 * The provider with a move to mode `PREVIEW` made a replacement (a new clone): the edit cannot set it. A move away
 * from `PREVIEW` is an edit.
 */
export function withPreviewReplacement(provider: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  const diff = provider.diff;
  if (diff === undefined) return provider;
  return {
    ...provider,
    diff: async (id, olds, news) => {
      const result = await diff.call(provider, id, olds, news);
      if (news["mode"] !== PREVIEW_MODE || olds["mode"] === PREVIEW_MODE) return result;
      return { ...result, changes: true, replaces: [...new Set([...(result.replaces ?? []), "mode"])], deleteBeforeReplace: true };
    },
  };
}
