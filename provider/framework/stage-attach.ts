import type { DeployServiceClient } from "../../sdk";
import type { Part } from "./define";
import { apiClient } from "./credentials";
import { readOrGone } from "./errors";
import { logProgress } from "./progress";

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

/**
 * Empties a deployment stage before its delete (the service refuses to delete a stage that holds services): each
 * service still in it moves to the first other stage of its environment, where the service puts a service that
 * names no stage. That is the case of a stage removed in the same `up` as the `deploymentStageId` of its services
 * (the program no longer places them), and of a service kept out of the stack (`retainOnDelete`, the console).
 * A service that left the stage meanwhile (an update of the same `up`) stays where it went.
 *
 * @throws when the stage holds services and is the only stage of its environment.
 */
export async function moveServicesOut(client: DeployServiceClient, stageId: string): Promise<void> {
  const stage = await readOrGone(() => client.deploymentStages.get(stageId));
  const held = (stage?.services ?? []).flatMap((s) => (typeof s.service_id === "string" ? [{ ...s, service_id: s.service_id }] : []));
  if (stage === undefined || held.length === 0) return;
  const envId = stage.environment?.id;
  const target = envId === undefined ? undefined : (await client.deploymentStages.list(envId)).find((s) => s.id !== stageId);
  if (target === undefined) {
    throw new Error(
      `deploy-service: deployment stage ${JSON.stringify(stage.name)} still holds ${held.length} service(s) ` +
        `(${held.map((s) => s.service_id).join(", ")}) and is the only stage of its environment: give them another stage ` +
        "(deploymentStageId) or delete them, then run the command again",
    );
  }
  for (const s of held) {
    const now = await readOrGone(() => client.deploymentStages.forService(s.service_id));
    if (now?.id !== stageId) continue;
    await client.deploymentStages.attachService(target.id, s.service_id, typeof s.is_skipped === "boolean" ? { is_skipped: s.is_skipped } : {});
    logProgress(`moved service ${s.service_id} from deployment stage ${JSON.stringify(stage.name)} to ${JSON.stringify(target.name)} before deleting the stage`);
  }
}
