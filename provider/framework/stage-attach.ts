import type { Part } from "./define";
import { apiClient } from "./credentials";
import { readOrGone } from "./errors";

/** Moves a service (application, database) into a deployment stage: `PUT /deploymentStage/{id}/service/{serviceId}`. */
export async function attachToStage(serviceId: string, stageId: string): Promise<void> {
  await apiClient().deploymentStages.attachService(stageId, serviceId);
}

/** The id of the deployment stage a service is in (`GET /service/{id}/deploymentStage`); undefined when it has none. */
export async function stageOf(serviceId: string): Promise<string | undefined> {
  const stage = await readOrGone(() => apiClient().deploymentStages.forService(serviceId));
  return stage?.id;
}

/**
 * The part of a service (application, database, container, job) that is its deployment stage: attached by a
 * call of its own after the service exists, read back from the service's stage.
 */
export function stagePart<I extends { deploymentStageId?: string | undefined }, R>(): Part<I, R> {
  return {
    action: "attaching to its deployment stage",
    keys: ["deploymentStageId"] as Array<keyof I & string>,
    async apply({ id, inputs }) {
      if (inputs.deploymentStageId !== undefined) await attachToStage(id, inputs.deploymentStageId);
    },
    async read({ id, previous }) {
      // A refresh reads the stage only where the program declared one: a stage the service chose is not the
      // program's to compare. An import or an adoption (no stored state of this key's owner yet) reads it.
      if (Object.keys(previous).length > 0 && previous["deploymentStageId"] === undefined) return {};
      const stageId = await stageOf(id);
      return stageId === undefined ? {} : { inputs: { deploymentStageId: stageId } };
    },
  };
}
