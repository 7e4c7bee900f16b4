/**
 * Lookups: objects a stack uses but does not manage, by id or by name in their parent, each family in one line of
 * `lookups(...)` (`./family.ts`): a Promise of plain values (`getProject`), an Output accepting Inputs
 * (`getProjectOutput`) and a finder taking a client (`findProject`).
 */
export { type NameOrIdArgs, type PlainArgs } from "./core";
export { type KeysUnderParentArgs, type NameInParentArgs, type NameUnderParentArgs } from "./family";
export * from "./organization";
export * from "./cluster";
export * from "./project";
export * from "./environment";
export * from "./application";
export * from "./container";
export * from "./job";
export * from "./database";
export * from "./git-token";
export * from "./deployment-stage";
export * from "./container-registry";
export * from "./helm-repository";
export * from "./helm";
export * from "./webhook";
export * from "./labels-group";
export * from "./annotations-group";
export { type GetValueOutputArgs, type ValueResult } from "./values";
export * from "./variable";
export * from "./secret";
export * from "./custom-domain";
export * from "./team";
export * from "./clouds";
export * from "./terraform-service";
export * from "./links";
