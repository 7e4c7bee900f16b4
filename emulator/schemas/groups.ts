import { z } from "zod";
import { baseResponse, nonEmpty } from "./common";
import { kubernetesKeyProblem, kubernetesText, labelValueProblem, refineKeysOnce } from "./kubernetes";

/** Where the annotations of a group are put. */
export const ANNOTATION_SCOPES = [
  "DEPLOYMENTS", "STATEFUL_SETS", "SERVICES", "INGRESS", "GATEWAY_API_ROUTES", "HPA", "PODS", "SECRETS", "JOBS", "CRON_JOBS",
] as const;

const annotation = z.object({ key: nonEmpty, value: z.string() });
const label = z.object({ key: nonEmpty, value: z.string(), propagate_to_cloud_provider: z.boolean() });

/** Create or replace an annotations group of the organization (keys as Kubernetes takes them, each once). */
export const annotationsGroupRequest = z.object({
  name: nonEmpty,
  annotations: z.array(annotation.extend({ key: kubernetesText(kubernetesKeyProblem) })),
  scopes: z.array(z.enum(ANNOTATION_SCOPES)),
}).superRefine((b, ctx) => refineKeysOnce(b.annotations, "annotations", ctx));

/** Create or replace a labels group of the organization (keys and values as Kubernetes takes them, each key once). */
export const labelsGroupRequest = z.object({
  name: nonEmpty,
  labels: z.array(label.extend({ key: kubernetesText(kubernetesKeyProblem), value: kubernetesText(labelValueProblem) })),
}).superRefine((b, ctx) => refineKeysOnce(b.labels, "labels", ctx));

/** An annotations group, as services answer it. */
export const annotationsGroupResponse = baseResponse.extend({
  name: z.string(),
  annotations: z.array(annotation),
  scopes: z.array(z.enum(ANNOTATION_SCOPES)),
});

/** A labels group, as services answer it. */
export const labelsGroupResponse = baseResponse.extend({
  name: z.string(),
  labels: z.array(label),
});

/** What may reference a group (`AnnotationsGroupAssociatedItemType` / `LabelsGroupAssociatedItemType`). */
export const GROUP_ITEM_TYPES = ["APPLICATION", "DATABASE", "CONTAINER", "LIFECYCLE", "ENVIRONMENT", "CLUSTER", "CRON"] as const;

/** The services and clusters that reference a group (`.../associatedItems`). */
export const groupAssociatedItemsResponse = z.object({
  results: z.array(z.object({
    item_id: z.string(), item_name: z.string(), item_type: z.enum(GROUP_ITEM_TYPES),
    project_id: z.string().optional(), project_name: z.string().optional(),
    environment_id: z.string().optional(), environment_name: z.string().optional(),
    cluster_id: z.string().optional(), cluster_name: z.string().optional(),
  })),
});

/** An annotations group in the organization's list: with how many services use it. */
export const annotationsGroupEnriched = annotationsGroupResponse.extend({ associated_items_count: z.number().int() });

/** A labels group in the organization's list: with how many services and clusters use it. */
export const labelsGroupEnriched = labelsGroupResponse.extend({ associated_items_count: z.number().int() });
