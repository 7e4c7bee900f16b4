/**
 * The shape of every error a resource's provider raises: `<Kind> "<name>": <what failed>. <what to do next>`.
 * The engine prints the resource's URN before the message, but the provider never learns the Pulumi name, so the
 * subject comes from the inputs (the object's name in the service). Applied once, where errors leave the provider
 * (see {@link withActionableErrors}); the text in between is the one the framework already wrote, secrets removed.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { isDeployServiceError } from "../../sdk";
import { adviceFor, type Operation } from "./advice";
import { apiClient } from "./credentials";
import { secretValuesOf, withoutSecrets } from "./failure-text";
import { isUnknown } from "./unknowns";

/** Inputs or state, as the engine passes them. */
type Props = Record<string, unknown>;

/** Marks an error already given its subject and advice, so a second boundary leaves it as it is. */
const PHRASED: unique symbol = Symbol.for("pulumi-deploy-service.provider.phrased-error");

/** Inputs that name an object, in order of preference. */
const NAME_KEYS = ["name", "key", "domain"] as const;

/** Options of {@link subjectOf} and {@link withActionableErrors}. */
export interface SubjectOptions {
  /** Inputs holding secrets: never used as the name, whatever their key. */
  secretKeys?: readonly string[];
  /** The resource's schema: the values of its secret fields (at any depth) are removed from every message. */
  schema?: z.ZodType;
}

/** `environmentId` gives `environment`, `deploymentStageId` gives `deployment stage`. */
function parentWords(key: string): string {
  return key.slice(0, -2).replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

function known(v: unknown): v is string {
  return typeof v === "string" && v.trim() !== "" && !isUnknown(v);
}

/**
 * How messages name one object: `<Kind> "<name>"` from its `name` (or `key`, `domain`) input. An object without a
 * name is named by its parent (`EnvironmentDeployment for environment "3f1c..."`), else by its id; secret inputs
 * and values not known yet are never used.
 */
export function subjectOf(kind: string, inputs: Props | undefined, id?: string, options: SubjectOptions = {}): string {
  const props = inputs ?? {};
  const secret = new Set(options.secretKeys ?? []);
  for (const key of NAME_KEYS) {
    const v = props[key];
    if (!secret.has(key) && known(v)) return `${kind} ${JSON.stringify(v)}`;
  }
  const parentKey = Object.keys(props).find((k) => k.endsWith("Id") && k.length > 2 && !secret.has(k) && known(props[k]));
  if (parentKey !== undefined) return `${kind} for ${parentWords(parentKey)} ${JSON.stringify(props[parentKey])}`;
  return known(id) ? `${kind} ${JSON.stringify(id)}` : kind;
}

/**
 * True when `e` is the error the provider's own settings give (missing base URL or token, a bad token scheme or
 * base URL): building a client now fails with the very same message. Errors of the service never are.
 */
function isSettingsError(e: unknown, message: string): boolean {
  if (isDeployServiceError(e)) return false;
  try {
    apiClient();
    return false;
  } catch (again) {
    return again instanceof Error && again.message === message;
  }
}

/** `text` ending with a full stop (or its own `.`, `!`, `?`). */
function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Rewrites `e`'s message as `<subject>: <message>. <advice>` (the advice on a line of its own when the message has
 * several, e.g. log lines), keeping everything else the error carries (the partial-create `id` and `properties`,
 * the sdk's `code`): the engine reads those. A partial create's `reasons` get the new message too. An error
 * already rewritten is returned as it is; a thrown non-error becomes an `Error`.
 */
export function actionableError(e: unknown, subject: string, operation: Operation, kind: string, secrets: readonly string[] = []): Error {
  const err = e instanceof Error || (e !== null && typeof e === "object" && typeof (e as Error).message === "string")
    ? (e as Error)
    : new Error(String(e));
  const record = err as Error & { [PHRASED]?: true; reasons?: unknown };
  if (record[PHRASED]) return err;
  const original = err.message;
  // The subject replaces the package's own prefix, at the start and where a wrapped message repeats it; a service's
  // answer may echo a value sent, so no piece of a secret input is kept.
  const body = withoutSecrets(original.replace(/(^|: )deploy-service: /g, "$1"), secrets);
  const advice = adviceFor(err, original, { kind, operation, settingsError: operation !== "check" && operation !== "diff" && isSettingsError(err, original) });
  const message = `${subject}: ${sentence(body)}${body.includes("\n") ? "\n" : " "}${advice}`;
  Object.defineProperty(err, "message", { value: message, writable: true, configurable: true, enumerable: false });
  if (typeof err.stack === "string") err.stack = withoutSecrets(err.stack.includes(original) ? err.stack.replace(original, () => message) : err.stack, secrets);
  if (Array.isArray(record.reasons) && record.reasons.length === 1 && record.reasons[0] === original) record.reasons = [message];
  Object.defineProperty(err, PHRASED, { value: true, enumerable: false });
  return err;
}

/**
 * The provider with every error it raises rewritten by {@link actionableError}: named by the object (see
 * {@link subjectOf}: the inputs of check, diff, create and update, the stored state of read and delete) and
 * ending with what to do next. Results pass through untouched; methods the provider lacks stay absent.
 */
export function withActionableErrors(
  kind: string,
  provider: pulumi.dynamic.ResourceProvider,
  options: SubjectOptions = {},
): pulumi.dynamic.ResourceProvider {
  const secretsOf = (all: Array<Props | undefined>): string[] =>
    all.flatMap((props) => secretValuesOf(options.schema, props ?? {}));
  const guard = async <T>(
    operation: Operation, props: Props | undefined, id: string | undefined, run: () => Promise<T>, olds?: Props,
  ): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      throw actionableError(e, subjectOf(kind, props, id, options), operation, kind, secretsOf([props, olds]));
    }
  };
  const p = provider;
  const out: Partial<pulumi.dynamic.ResourceProvider> = {};
  if (p.check) out.check = (olds, news) => guard("check", news, undefined, () => p.check!(olds, news), olds);
  if (p.diff) out.diff = (id, olds, news) => guard("diff", news, id, () => p.diff!(id, olds, news), olds);
  if (p.create) out.create = (inputs) => guard("create", inputs, undefined, () => p.create!(inputs));
  if (p.read) out.read = (id, props) => guard("read", props, id, () => p.read!(id, props));
  if (p.update) out.update = (id, olds, news) => guard("update", news, id, () => p.update!(id, olds, news), olds);
  if (p.delete) out.delete = (id, props) => guard("delete", props, id, () => p.delete!(id, props));
  return out as pulumi.dynamic.ResourceProvider;
}
