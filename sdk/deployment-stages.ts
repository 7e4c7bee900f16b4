/** Deployment stages: ordered groups of services inside an environment; each service sits in exactly one. */
import { z } from "zod";
import { records } from "./crud";
import { path } from "./path";
import { Reference, TIMESTAMP_FIELDS, listOf, maybe, namedRecord } from "./schema";

/** A service's membership of a stage. */
export const StageService = z.looseObject({
  id: maybe(z.string()),
  service_id: maybe(z.string()),
  service_type: maybe(z.string()),
  is_skipped: maybe(z.boolean()),
  ...TIMESTAMP_FIELDS,
});
/** A service's membership of a stage. */
export type StageService = z.infer<typeof StageService>;

/** A deployment stage record. */
export const DeploymentStage = namedRecord({
  description: maybe(z.string()),
  deployment_order: maybe(z.number()),
  environment: maybe(Reference),
  services: maybe(z.array(StageService)),
});
/** A deployment stage record. */
export type DeploymentStage = z.infer<typeof DeploymentStage>;

/** Body of a stage create or edit; `name` is unique within the environment. */
export const DeploymentStageRequest = z.looseObject({
  name: z.string().min(1),
  description: z.string().nullable().optional(),
});
/** Body of a stage create or edit. */
export type DeploymentStageRequest = z.input<typeof DeploymentStageRequest>;

/** Options of {@link DeploymentStagesApi.attachService}. */
export const AttachServiceRequest = z.looseObject({ is_skipped: z.boolean().optional() });
/** Options of an attach: `is_skipped` excludes the service from environment-wide deploys. */
export type AttachServiceRequest = z.input<typeof AttachServiceRequest>;

const StageList = listOf(DeploymentStage);

function byOrder(stages: DeploymentStage[]): DeploymentStage[] {
  return [...stages].sort((a, b) => (a.deployment_order ?? 0) - (b.deployment_order ?? 0));
}

/**
 * Endpoints of deployment stages. A create appends the stage last; an update edits its name and description; the
 * service refuses a delete while services are attached.
 */
export class DeploymentStagesApi extends records({
  what: "deployment stage", naturalKey: "name", record: DeploymentStage,
  createRequest: DeploymentStageRequest, editRequest: DeploymentStageRequest,
  list: (environmentId: string) => path`/environment/${environmentId}/deploymentStage`,
  item: (deploymentStageId: string) => path`/deploymentStage/${deploymentStageId}`,
}) {
  /** Lists the stages of an environment, ordered by `deployment_order`. */
  override async list(environmentId: string): Promise<DeploymentStage[]> {
    return byOrder(await super.list(environmentId));
  }

  /** Moves a service into this stage; answers with the environment's stages in order. */
  async attachService(deploymentStageId: string, serviceId: string, options: AttachServiceRequest = {}): Promise<DeploymentStage[]> {
    const body = await this.core.call({
      method: "PUT", path: path`/deploymentStage/${deploymentStageId}/service/${serviceId}`, body: options,
      requestSchema: AttachServiceRequest, response: StageList,
    });
    return byOrder(body.results);
  }

  /** Moves this stage right after `stageId`; answers with the stages in their new order. */
  async moveAfter(deploymentStageId: string, stageId: string): Promise<DeploymentStage[]> {
    const body = await this.core.call({ method: "PUT", path: path`/deploymentStage/${deploymentStageId}/moveAfter/${stageId}`, response: StageList });
    return byOrder(body.results);
  }

  /** Moves this stage right before `stageId`; answers with the stages in their new order. */
  async moveBefore(deploymentStageId: string, stageId: string): Promise<DeploymentStage[]> {
    const body = await this.core.call({ method: "PUT", path: path`/deploymentStage/${deploymentStageId}/moveBefore/${stageId}`, response: StageList });
    return byOrder(body.results);
  }

  /** Reads the stage a service (application, database, ...) is in. */
  forService(serviceId: string): Promise<DeploymentStage> {
    return this.core.call({ method: "GET", path: path`/service/${serviceId}/deploymentStage`, response: DeploymentStage });
  }
}
