/** Which family a token names: the plugin's type tokens are `deploy-service:index:<Kind>`, one per key of `FAMILIES`. */
import { familyOf, FAMILIES } from "../../families";
import { definitionOfKind } from "../../framework/define";
import { PACKAGE_NAME, TOKEN_PREFIX } from "../names";

/** The type a URN names (its last type segment: `urn:pulumi:s::p::parent$deploy-service:index:Project::x`). */
export function typeOfUrn(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  return qualified.split("$").pop() ?? qualified;
}

/**
 * The kind of the resource a URN names.
 * @throws naming the type and the kinds this plugin serves, when the type is not one of its tokens.
 */
export function kindOfUrn(urn: string): string {
  const type = typeOfUrn(urn);
  const kind = type.startsWith(TOKEN_PREFIX) ? type.slice(TOKEN_PREFIX.length) : undefined;
  if (kind === undefined || familyOf(kind) === undefined) {
    throw new Error(
      `${PACKAGE_NAME}: unknown resource type "${type}": this plugin serves ${TOKEN_PREFIX}<Kind> for the kinds ` +
        `${Object.keys(FAMILIES).join(", ")}; upgrade the plugin if the program names a newer kind`,
    );
  }
  return kind;
}

/** What the engine must keep secret for a kind: its secret outputs (which include its secret inputs), and its secret inputs. */
export function secretsOfKind(kind: string): { outputs: readonly string[]; inputs: readonly string[] } {
  const defined = definitionOfKind(kind);
  return { outputs: defined?.secretOutputs ?? [], inputs: defined?.secretInputs ?? [] };
}
