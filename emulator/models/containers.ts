/**
 * Containers: services run from an image of a container registry of the organization (`registry_id`, `image_name`,
 * `tag`). A deploy pulls the image (no build step) and may name a new tag, which the container keeps; the
 * organization's auto-deploy gives a new tag to every container with `auto_deploy` running the image.
 */
import { z } from "zod";
import type { containerRequest } from "../schemas/containers";
import { defaultAdvancedSettings } from "./advanced-settings";
import { applyRunningFields, type RunningServiceRec } from "./application-parts";
import { registryFor } from "./container-registries";
import { assignGiven, baseFields, type ModelContext } from "./records";
import { newRuntime } from "./runtime";
import type { ServiceKind } from "./service-kinds";
import { imageLogLines } from "./service-logs";
import { addNewService, assertServiceNameFree, editWholeService, serviceEdited } from "./services";
import { running, str } from "./record-forms";
import { slice } from "./slice";

/** A container of an environment. */
export interface ContainerRec extends RunningServiceRec {
  registry_id: string;
  image_name: string;
  tag: string;
}

/** The containers of the state (see `slice.ts`). */
export const containerSlice = slice<ContainerRec>().keyed("containers", z.looseObject({ ...running, registry_id: str, image_name: str, tag: str }));

/** The image a container runs, as its log and history name it. */
function imageOf(c: { image_name: string; tag: string }): string {
  return `${c.image_name}:${c.tag}`;
}

/** The container service kind: pulls its image (no build step); a deploy names a new tag, or deploys the one it has. */
export const containerKind: ServiceKind<"containers", ContainerRec> = {
  name: "container", type: "CONTAINER", collection: containerSlice.key, slice: containerSlice, buildSteps: () => [], deploysFrom: "image-tag",
  restarts: true, monthlyCostCents: 1000, secretFields: [],
  applyDeploy: (m, c, body) => {
    if (body.image_tag) setContainerTag(m, c, body.image_tag);
  },
  releaseOf: (c) => ({
    image_name: c.image_name, tag: c.tag, arguments: [...c.arguments], ...(c.entrypoint === undefined ? {} : { entrypoint: c.entrypoint }),
  }),
  logLines: (c, d) => imageLogLines(
    `Container ${c.name}`, imageOf(c), d, `Container ${c.name} running ${imageOf(c)} (${c.min_running_instances} instance(s))`,
    "Deployment failed: the container exited with code 1 and never became ready",
  ),
};

type Input = z.output<typeof containerRequest>;

/** Fields copied as given. */
const PLAIN_FIELDS = [
  "name", "registry_id", "image_name", "tag", "cpu", "memory", "gpu", "ephemeral_storage_in_gib", "cpu_architecture",
  "min_running_instances", "max_running_instances", "auto_preview", "arguments", "entrypoint", "icon_uri",
] as const;

function applyFields(m: ModelContext, c: ContainerRec, b: Input): void {
  registryFor(m, "registry_id", b.registry_id);
  applyRunningFields(m, c, b, () => assignGiven(c, b, PLAIN_FIELDS));
}

/** Creates a container of an environment, with the service's defaults for what the request leaves out. */
export function createContainer(m: ModelContext, envId: string, b: Input): ContainerRec {
  assertServiceNameFree(m.world.store, envId, b.name);
  return addNewService(m, containerKind, {
    ...baseFields(m.now), environment_id: envId, name: b.name, registry_id: b.registry_id, image_name: b.image_name, tag: b.tag,
    cpu: 500, memory: 512, gpu: 0, min_running_instances: 1, max_running_instances: 1, healthchecks: {}, auto_preview: true,
    auto_deploy: false, ports: [], storage: [], arguments: [], icon_uri: "app://emulator/container", annotations_groups: [],
    labels_groups: [], advanced_settings: defaultAdvancedSettings("container"), runtime: newRuntime(),
  }, (c) => applyFields(m, c, b));
}

/** Edits a container with the whole request again; optional fields left out keep their stored values. */
export function editContainer(m: ModelContext, c: ContainerRec, b: Input): void {
  editWholeService(m, c, b.name, (rec) => applyFields(m, rec, b));
}

/** Gives a container a new image tag (a deploy naming one, or the organization's auto-deploy); an edit. */
export function setContainerTag(m: ModelContext, c: ContainerRec, tag: string): void {
  if (c.tag === tag) return;
  c.tag = tag;
  serviceEdited(m, c);
}
