/**
 * What a kind's outputs need to be whole again after the dynamic provider stored them short (an implied output left
 * out, the advanced settings' `effectiveSettings` off the catalogue's defaults): the resource classes put those
 * facts back for a TypeScript program; a client that reads the state itself (the provider plugin, for the engine's
 * other languages) asks here. Each kind registers its completion when its provider is made.
 */
import type { Props } from "./calls";

type Completion = (outs: Props, inputs: Props) => Props;

const COMPLETIONS = new Map<string, Completion>();

/** Registers how the outputs of `kind`, as its provider stores them, are made whole (`inputs`: the object's inputs). */
export function registerCompletion(kind: string, complete: Completion): void {
  COMPLETIONS.set(kind, complete);
}

/** The outputs of `kind` whole: as stored, with what its provider left out put back. */
export function outputsInFull(kind: string, outs: Props, inputs: Props): Props {
  const complete = COMPLETIONS.get(kind);
  return complete === undefined ? outs : complete(outs, inputs);
}
