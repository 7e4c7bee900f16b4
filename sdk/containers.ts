/** Containers: auto-deploy of every container of an organization that uses an image, to a new tag. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";
import { Status } from "./status";

/** Body of a container auto-deploy. */
export const ContainerAutoDeployRequest = z.looseObject({
  image_name: z.string().min(1),
  tag: z.string().min(1),
});
/** Body of a container auto-deploy. */
export type ContainerAutoDeployRequest = z.input<typeof ContainerAutoDeployRequest>;

/** Endpoints of containers. */
export class ContainersApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Deploys `tag` to every container of the organization using `image_name`. */
  autoDeploy(organizationId: string, request: ContainerAutoDeployRequest): Promise<Status> {
    return this.core.call({
      method: "POST", path: path`/organization/${organizationId}/container/deploy`, body: request,
      requestSchema: ContainerAutoDeployRequest, response: Status,
    });
  }
}
