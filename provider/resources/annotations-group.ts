import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ANNOTATION_SCOPES, type AnnotationScope } from "../../sdk";
import { argsSchema } from "../framework/args";
import { defineResource, organizationCalls } from "../framework/define";
import { field } from "../framework/fields";
import { keyProblem, kubernetesText, refineUniqueKeys } from "../framework/kubernetes-keys";
import { idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { isUnknown } from "../framework/unknowns";
import type { AdoptableArgs } from "../framework/adoption";

/** Where the annotations of a group are put. */
export { ANNOTATION_SCOPES, type AnnotationScope };

/** One Kubernetes annotation of an {@link AnnotationsGroup}. */
export interface AnnotationArgs {
  /** Annotation key, `[prefix/]name` as Kubernetes takes it (the name 1 to 63 characters); each key once per group. Wire: `key`. */
  key: pulumi.Input<string>;
  /** Annotation value (any text). Wire: `value`. */
  value: pulumi.Input<string>;
}

/** Inputs of an {@link AnnotationsGroup}. */
export interface AnnotationsGroupArgs extends AdoptableArgs {
  /** Organization that keeps the group (wire: the `{organizationId}` of the path). Changing it replaces the group. */
  organizationId: pulumi.Input<string>;
  /** Group name, 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** The annotations, in order. Default: none. Wire: `annotations`. */
  annotations?: pulumi.Input<pulumi.Input<AnnotationArgs>[]>;
  /**
   * The Kubernetes objects the annotations are put on, at least one, each once: `DEPLOYMENTS`, `STATEFUL_SETS`,
   * `SERVICES`, `INGRESS`, `GATEWAY_API_ROUTES`, `HPA`, `PODS`, `SECRETS`, `JOBS`, `CRON_JOBS`. Wire: `scopes`.
   */
  scopes: pulumi.Input<pulumi.Input<AnnotationScope>[]>;
}

const annotationSchema = z.strictObject({ key: kubernetesText(keyProblem), value: z.string() });

/** Validated annotations group inputs: the single source of field names, types and defaults. */
export const annotationsGroupSchema = argsSchema<AnnotationsGroupArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { parent: "organization" }),
    name: nameInput(255),
    annotations: z.array(annotationSchema).default([]),
    scopes: z.array(z.enum(ANNOTATION_SCOPES)).min(1, "expected at least one scope (where the annotations are put)"),
  })
  .superRefine((v, ctx) => {
    refineUniqueKeys(v.annotations, "annotations", ctx);
    v.scopes.forEach((s, i) => {
      if (!isUnknown(s) && v.scopes.indexOf(s) !== i) ctx.addIssue({ code: "custom", path: ["scopes", i], message: `expected each scope once, got ${s} again` });
    });
  }));
/** Annotations group inputs after validation (defaults applied). */
export type AnnotationsGroupInputs = z.output<typeof annotationsGroupSchema>;

/** The annotations group family. Names need not be unique, so a replacement is created before the old group is deleted. */
export const annotationsGroup = defineResource({
  kind: "AnnotationsGroup",
  noun: "annotations group",
  schema: annotationsGroupSchema,
  deleteBeforeReplace: false,
  calls: organizationCalls((client) => client.annotationsGroups),
});

/** The dynamic provider of {@link AnnotationsGroup}. */
export const annotationsGroupProvider = annotationsGroup.provider;

/**
 * A named set of Kubernetes annotations kept by the organization, put on the objects its `scopes` name. Services
 * (Application, Container, Job, Database) take it by id in `annotationsGroupIds`.
 *
 * @example
 * const tracing = new AnnotationsGroup("tracing", {
 *   organizationId: org.id, name: "tracing",
 *   annotations: [{ key: "instrumentation.opentelemetry.io/inject-nodejs", value: "true" }],
 *   scopes: ["DEPLOYMENTS", "PODS"],
 * });
 * new Application("api", { ..., annotationsGroupIds: [tracing.id] });
 *
 * @class
 */
export const AnnotationsGroup = serviceObjectClass<AnnotationsGroupArgs, typeof annotationsGroupSchema>(annotationsGroup);
/** {@link AnnotationsGroup} as a type: its outputs are every input as stored and what the service computes. */
export type AnnotationsGroup = InstanceType<typeof AnnotationsGroup>;
