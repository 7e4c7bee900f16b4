/**
 * What the service chose where the program leaves a value out, carried from the stored inputs into the checked ones.
 *
 * A refresh stores the object as the service holds it as the resource's inputs, the service's choices included (a
 * port's external port and default flag, the deployment stage, a database's memory). The engine shows a change to a
 * dynamic resource as the difference of its stored and its checked inputs, so without this every later change of the
 * object would also show each of those choices as removed (`- isDefault: true`), though none is sent: leaving a
 * value out already means "keep what the service has" to the diff and the update.
 */
import { isDeepStrictEqual } from "node:util";
import { plain } from "./common";

type Props = Record<string, unknown>;

/** How one family treats the values the service chooses. */
export interface StoredChoices {
  /** Fields the service fills when the program leaves them out. */
  computedKeys: readonly string[];
  /** Fields whose change replaces the object: a replacement gets its own choices, so nothing is carried then. */
  replaceOn: readonly string[];
  /** Secret fields: never carried (the engine keeps a checked input secret only where the program gave it so). */
  secretKeys: readonly string[];
  /** The family's own carrying of nested choices (a port's name by its internal port, the git branch). */
  fill?(news: Props, olds: Props): Props;
}

/** The checked inputs with the service's choices of the stored inputs where the program leaves them out. */
export function withStoredChoices(checked: Props, olds: Props, family: StoredChoices): Props {
  const stored = Object.keys(olds).some((k) => !k.startsWith("__"));
  if (!stored || replaced(checked, olds, family)) return checked;
  const secret = new Set(family.secretKeys);
  const filled: Props = { ...checked };
  for (const k of family.computedKeys) {
    if (!secret.has(k) && filled[k] === undefined && olds[k] !== undefined) filled[k] = olds[k];
  }
  const out: Props = { ...(family.fill ? family.fill(filled, olds) : filled) };
  for (const k of family.secretKeys) {
    if (checked[k] === undefined) delete out[k];
    else out[k] = checked[k];
  }
  return plain(out);
}

/**
 * True when a field that replaces the object differs (an unknown value in a preview may differ). A computed one the
 * program leaves out keeps the stored value, so it is no change.
 */
function replaced(checked: Props, olds: Props, family: StoredChoices): boolean {
  return family.replaceOn.some((k) => {
    if (checked[k] === undefined && family.computedKeys.includes(k)) return false;
    return !isDeepStrictEqual(checked[k], olds[k]);
  });
}
