// Types of standin-random.js: the logic of the STAND-IN for the @pulumi/random resource plugin (tests only).

/** `random:index/randomPassword:RandomPassword`, the token the @pulumi/random SDK registers for RandomPassword. */
export declare const PASSWORD_TYPE: "random:index/randomPassword:RandomPassword";
/** `random:index/randomString:RandomString`, the token the @pulumi/random SDK registers for RandomString. */
export declare const STRING_TYPE: "random:index/randomString:RandomString";
/** The resource types the stand-in serves. */
export declare const SUPPORTED_TYPES: readonly string[];
/** The key that marks a secret envelope in a property map. */
export declare const SECRET_SIG_KEY: "4dabf18193072939515e22adb298388d";
/** The value of {@link SECRET_SIG_KEY} in a secret envelope. */
export declare const SECRET_SIG_VALUE: "1b47061264138c4ac30d75fd1eb44270";
/** The value the engine sends for a value not known yet (preview). */
export declare const UNKNOWN: "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** The special characters used when `overrideSpecial` is not set (the real provider's set). */
export declare const DEFAULT_SPECIAL_CHARS: string;

/** One validation failure, as the engine shows it next to the property. */
export interface StandinCheckFailure {
  property: string;
  reason: string;
}

/** The checked inputs (defaults applied, secrets and unknowns kept) and any failures. */
export interface StandinCheckResult {
  inputs: Record<string, unknown>;
  failures: StandinCheckFailure[];
}

/** What the stand-in's diff answers: every changed input replaces the resource. */
export interface StandinDiffResult {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: false;
}

/** The id and the output properties of a created value. */
export interface StandinCreateResult {
  id: string;
  outs: Record<string, unknown>;
}

/** The state as read: id, outputs and the inputs found in them. */
export interface StandinReadResult {
  id: string;
  props: Record<string, unknown> | undefined;
  inputs: Record<string, unknown>;
}

/** The resource type token of a URN, without any parent type. */
export declare function typeOfUrn(urn: string): string;
/** The value inside secret envelopes, at any depth. */
export declare function reveal<T = unknown>(value: unknown): T;
/** Applies the SDK's defaults (booleans true, minimums 0) and validates `length` and the other inputs. */
export declare function check(type: string, news: Record<string, unknown> | undefined): StandinCheckResult;
/** Compares old outputs with new inputs; any input change (or unknown new value) replaces. */
export declare function diff(olds: Record<string, unknown> | undefined, news: Record<string, unknown> | undefined): StandinDiffResult;
/** Generates `result` (and for a password the stand-in `bcryptHash`, both as secret envelopes) from checked inputs. */
export declare function create(type: string, inputs: Record<string, unknown>): StandinCreateResult;
/** Returns the state unchanged, with the inputs taken from it. */
export declare function read(id: string, props: Record<string, unknown> | undefined): StandinReadResult;
/** A cryptographically random string honouring length, classes, overrideSpecial and the minimums (plain inputs). */
export declare function generate(plainInputs: Record<string, unknown>): string;
/** NOT bcrypt: `$standin-sha256$<salt, base64url>$<sha256(salt + password), hex>`. */
export declare function standinHash(password: string): string;
