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
