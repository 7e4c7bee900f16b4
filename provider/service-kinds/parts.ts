/**
 * The parts every service kind (application, container, job) has, in the order they are applied, and the reading
 * of its deploy inputs, which the service does not hold.
 */
import type { AdvancedSettingsKind } from "../../sdk";
import { advancedSettingsPart } from "./advanced-settings";
import { builtInsPart, BUILT_IN_OUTPUT } from "./built-in-variables";
import type { Props } from "../framework/calls";
import type { Part } from "../framework/parts";
import { deployPart, storedDeployInputs, type DeployInputs, type DeployPartOptions } from "./deploy";
import type { ImpliedOutput } from "../framework/implied-outputs";
import { ownerValuesPart, readsBuiltIns, valueRefOutputs, valueRefsImplied, type ValueOwner } from "../framework/service-values";
import { stagePart } from "../framework/stage-attach";
import { restrictionParts } from "./restrictions";

/** What a service kind's inputs have for its parts. */
type ServicePartInputs = DeployInputs & { deploymentStageId?: string | undefined; advancedSettings?: unknown };

/** The outputs every service kind has beyond its inputs: the refs of its values and its built-in variables. */
export const serviceOutputNames: readonly string[] = [...valueRefOutputs, BUILT_IN_OUTPUT];

/**
 * The outputs of every service kind that its inputs can imply: the refs of the maps it does not declare, and its
 * built-in variables (`{}`) when it asks for none.
 */
export const serviceImpliedOutputs: readonly ImpliedOutput[] = [
  ...valueRefsImplied,
  { name: BUILT_IN_OUTPUT, value: {}, impliedBy: (inputs) => !readsBuiltIns(inputs) },
];

/** A service kind's record in input form: the derived inputs with the deploy inputs kept from the state. */
export function serviceFromWire(_record: unknown, previous: Props, derived: Props): Props {
  return { ...derived, ...storedDeployInputs(previous) };
}

/**
 * Values, built-in variables, stage, advanced settings and deployment restrictions (before the deployment, so the
 * first one runs with them) and deployment, for the service kind `kind` whose values `owner` holds.
 */
export function serviceParts<I extends ServicePartInputs, R>(
  kind: AdvancedSettingsKind,
  owner: ValueOwner,
  deploy?: DeployPartOptions<I>,
): Array<Part<I, R>> {
  return [
    ownerValuesPart<I, R>(owner),
    builtInsPart<I, R>(owner, kind),
    stagePart<I, R>(),
    advancedSettingsPart<I, R>(kind),
    ...restrictionParts<I, R>(kind),
    deployPart<I, R>(kind, deploy),
  ];
}
