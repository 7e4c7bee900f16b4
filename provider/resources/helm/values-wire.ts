/**
 * A chart's values override both ways: the plain `valuesOverride` and the secret `secretValuesOverride` inputs are
 * one `values_override` on the wire (pairs as `[[key, value], ...]`, the secret pairs after the plain ones; inline
 * YAML as named raw files), and an answer is split back by the stored secret keys and the files' names.
 */
import type { DeployServiceClient } from "../../../sdk";
import { camelCase, renameKeysDeep, snakeCase } from "../../framework/case";
import type { Props } from "../../framework/define";
import { isRecord } from "../../service-kinds/shape";
import { INLINE_VALUES_FILE, SECRET_VALUES_FILE, type HelmInputs } from "./schema";

/** A Helm record as the client returns it. */
export type HelmRecord = Awaited<ReturnType<DeployServiceClient["helms"]["get"]>>;

const pairsOf = (map: Readonly<Record<string, string>> | undefined): string[][] => Object.entries(map ?? {});

/** The `values_override` of a request from the two inputs. */
export function valuesOverrideToWire(inputs: Pick<HelmInputs, "valuesOverride" | "secretValuesOverride">): Props {
  const plain = inputs.valuesOverride;
  const secret = inputs.secretValuesOverride;
  const raw = [
    ...(plain.inline === undefined ? [] : [{ name: INLINE_VALUES_FILE, content: plain.inline }]),
    ...(secret.inline === undefined ? [] : [{ name: SECRET_VALUES_FILE, content: secret.inline }]),
  ];
  const git = plain.files === undefined ? null : { git_repository: renameKeysDeep(plain.files.gitRepository, snakeCase), paths: plain.files.paths };
  return {
    set: [...pairsOf(plain.set), ...pairsOf(secret.set)],
    set_string: pairsOf(plain.setString),
    set_json: pairsOf(plain.setJson),
    file: { git, raw: raw.length === 0 ? null : { values: raw } },
  };
}

/** Pairs answered as `[[key, value], ...]`, as a map (malformed entries dropped). */
function mapOf(pairs: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(pairs)) return out;
  for (const p of pairs) if (Array.isArray(p) && typeof p[0] === "string" && typeof p[1] === "string") out[p[0]] = p[1];
  return out;
}

const GIT_KEYS = ["url", "branch", "rootPath", "gitTokenId", "provider"];

/** The files' git repository in input form: the members the input has, the stored provider kept when not answered. */
function gitFromWire(answer: unknown, previous: unknown): Props {
  const read = renameKeysDeep(isRecord(answer) ? answer : {}, camelCase, true) as Props;
  const before = isRecord(previous) ? previous : {};
  const out: Props = {};
  for (const key of GIT_KEYS) {
    const v = read[key] ?? before[key];
    if (v !== undefined && v !== null && v !== "") out[key] = v;
  }
  return out;
}

/** The two inputs from a record's `values_override`; `previous` (the stored inputs) says which pairs are secret. */
export function valuesOverrideFromWire(record: HelmRecord, previous: Props): Pick<Props, "valuesOverride" | "secretValuesOverride"> {
  const answer: Props = isRecord(record.values_override) ? record.values_override : {};
  const storedSecret = isRecord(previous["secretValuesOverride"]) ? previous["secretValuesOverride"] : {};
  const storedPlain = isRecord(previous["valuesOverride"]) ? previous["valuesOverride"] : {};
  const secretKeys = new Set(Object.keys(isRecord(storedSecret["set"]) ? storedSecret["set"] : {}));
  const set: Record<string, string> = {};
  const secretSet: Record<string, string> = {};
  for (const [key, value] of Object.entries(mapOf(answer["set"]))) (secretKeys.has(key) ? secretSet : set)[key] = value;
  const file = isRecord(answer["file"]) ? answer["file"] : {};
  const raw = isRecord(file["raw"]) && Array.isArray(file["raw"]["values"]) ? (file["raw"]["values"] as unknown[]).filter(isRecord) : [];
  const contentOf = (name: string) => raw.find((f) => f["name"] === name)?.["content"];
  const git = isRecord(file["git"]) ? file["git"] : undefined;
  const storedFiles = isRecord(storedPlain["files"]) ? storedPlain["files"] : {};
  const valuesOverride: Props = { set, setString: mapOf(answer["set_string"]), setJson: mapOf(answer["set_json"]) };
  if (git !== undefined) {
    valuesOverride["files"] = { gitRepository: gitFromWire(git["git_repository"], storedFiles["gitRepository"]), paths: git["paths"] ?? [] };
  }
  if (typeof contentOf(INLINE_VALUES_FILE) === "string") valuesOverride["inline"] = contentOf(INLINE_VALUES_FILE);
  const secretValuesOverride: Props = { set: secretSet };
  if (typeof contentOf(SECRET_VALUES_FILE) === "string") secretValuesOverride["inline"] = contentOf(SECRET_VALUES_FILE);
  return { valuesOverride, secretValuesOverride };
}

/** The secret values of a chart, blanked out of a failed deployment's log lines: the pairs' values and the inline values' scalars. */
export function helmSecretValues(inputs: Pick<HelmInputs, "secrets" | "secretValuesOverride">): string[] {
  const inline = inputs.secretValuesOverride.inline ?? "";
  const scalars = inline.split(/\r?\n/).map((l) => /:\s+(.+)$/.exec(l)?.[1]?.replace(/^["']|["']$/g, "").trim() ?? "").filter((v) => v.length >= 4);
  return [...Object.values(inputs.secrets ?? {}), ...Object.values(inputs.secretValuesOverride.set), ...scalars];
}
