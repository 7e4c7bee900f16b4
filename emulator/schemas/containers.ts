import { z } from "zod";
import { healthchecks, runningRequestFields, runningResponseFields } from "./applications";
import { baseResponse, imageTag, nonEmpty, uuidString } from "./common";
import { registryDetailsResponse } from "./container-registries";

/**
 * An image name as docker references take it, without the registry (named apart): lowercase path components of
 * letters and digits joined by `.`, `_`, `__` or dashes, separated by `/` (`nginx`, `library/nginx`, `acme/api`).
 */
export const imageName = z.string().regex(
  /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/,
  "expected an image name: lowercase path components of letters and digits (separated by '.', '_' or '-') joined by '/', e.g. library/nginx",
);

/** Create or edit a container (the edit is the whole request again, as the reference's `ContainerRequest`). */
export const containerRequest = z.object({
  name: nonEmpty,
  registry_id: uuidString,
  image_name: imageName,
  tag: imageTag,
  healthchecks,
  ...runningRequestFields,
});

/** A container. */
export const containerResponse = baseResponse.extend({
  ...runningResponseFields,
  service_type: z.literal("CONTAINER"),
  registry_id: z.string(),
  registry: registryDetailsResponse,
  image_name: z.string(),
  tag: z.string(),
  maximum_gpu: z.number().int(),
});

/** Deploy every container (or job) of the organization running an image with a new tag. */
export const imageAutoDeployRequest = z.object({ image_name: imageName, tag: imageTag });
