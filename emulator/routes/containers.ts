import { containerKind, createContainer, editContainer, setContainerTag, type ContainerRec } from "../models/containers";
import { containerRequest, containerResponse } from "../schemas/containers";
import { containerDeploymentResponse } from "../schemas/deployment-history";
import { presentRegistryDetails } from "./container-registries";
import { deploymentEntry } from "./deployment-history";
import { presentRunningFields, presentServiceBase } from "./service-fields";
import { runningServiceRoutes } from "./running-service-routes";
import { autoDeployRoute } from "./service-routes";
import type { Route, RouteContext } from "./types";
import { SERVICE_MAXIMA } from "../schemas/resource-limits";

/** Wire form of a container. */
export function presentContainer(ctx: RouteContext, c: ContainerRec): Record<string, unknown> {
  return {
    ...presentServiceBase(ctx, containerKind, c),
    registry_id: c.registry_id, registry: presentRegistryDetails(ctx, c.registry_id), image_name: c.image_name, tag: c.tag,
    ...presentRunningFields(c), maximum_gpu: SERVICE_MAXIMA.gpu,
  };
}

/**
 * Containers: collection under the environment, items at top level, actions (a deploy may name a new `image_tag`,
 * which the container keeps), status, logs, advanced settings, variables and secrets, and the organization's
 * auto-deploy of a new tag.
 */
export const containerRoutes: Route[] = [
  ...runningServiceRoutes(containerKind, {
    createRequest: containerRequest, editRequest: containerRequest, response: containerResponse,
    present: presentContainer, create: createContainer, edit: editContainer,
    history: { entry: deploymentEntry, response: containerDeploymentResponse }, settings: "container", logs: true,
  }),
  autoDeployRoute(containerKind, {
    follows: (c, imageName) => c.auto_deploy && c.image_name === imageName,
    setTag: setContainerTag,
  }),
];
