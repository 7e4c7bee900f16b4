/** The shape of one row of the lifecycle table, and what a row takes from its family's definition. */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DefinedResource } from "../../../provider/framework/define";
import type { Fixture } from "./fixture";

/** Inputs or outputs of a resource. */
export type Props = Record<string, unknown>;

/** What every row of the lifecycle table gives, whether or not its kind changes in place. */
interface RowBase {
  kind: string;
  provider: pulumi.dynamic.ResourceProvider;
  /** Inputs of a fresh object. */
  inputs(fx: Fixture): Props | Promise<Props>;
  /** Inputs needing a replacement, and the property names the diff must name. */
  replace(fx: Fixture, base: Props): { inputs: Props; replaces: string[] };
  /** Deletes the object through the sdk. */
  deleteOutside(fx: Fixture, id: string, props: Props): Promise<void>;
  /** Fetches the object through the sdk (throws not-found once it is gone). */
  fetch(fx: Fixture, id: string, props: Props): Promise<unknown>;
  /** Asserts the provider's delete took effect; default: the object is gone from the service. */
  expectDeleted?(fx: Fixture, id: string, props: Props): Promise<void>;
}

/** A kind the service changes in place: the test updates it, and restores a change made outside. */
export interface InPlaceRow extends RowBase {
  replaceOnly?: undefined;
  /** The same inputs with an in-place change. */
  update(fx: Fixture, base: Props): Props;
  /** Reads the object through the sdk and asserts the service has the change of `update`. */
  expectUpdated(fx: Fixture, id: string, props: Props): Promise<void>;
  /** Changes the object through the sdk; returns the assertion on the inputs the next read reports. */
  changeOutside(fx: Fixture, id: string, props: Props): Promise<(readInputs: Props) => void>;
}

/**
 * A kind the service cannot change (an API token, an invitation): every changed input replaces it, so the test
 * asks each change of `changes` for exactly that replacement instead of updating, and there is nothing to change
 * outside but to delete.
 */
export interface ReplaceOnlyRow extends RowBase {
  replaceOnly: true;
  /** Changed inputs, each with the property names the diff must name as replaced (and no others). */
  changes(fx: Fixture, base: Props): Array<{ inputs: Props; replaces: string[] }>;
}

/** How the lifecycle test drives one resource kind. */
export type LifecycleRow = InPlaceRow | ReplaceOnlyRow;

/**
 * What a row takes from its family's definition: the kind, the provider, and the sdk calls that fetch and delete
 * the object outside Pulumi (the same calls the provider uses).
 */
export function fromDefinition(family: DefinedResource<z.ZodObject>): Pick<RowBase, "kind" | "provider" | "fetch" | "deleteOutside"> {
  return {
    kind: family.kind,
    provider: family.provider,
    fetch: (fx, id, props) => family.calls.get(fx.client, id, props),
    deleteOutside: async (fx, id, props) => { await family.calls.delete(fx.client, id, props); },
  };
}

