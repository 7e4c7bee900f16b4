// STAND-IN for the @pulumi/random resource plugin (`pulumi-resource-random`), for offline machines and tests only.
// This file holds the plain logic (check, diff, create, read) with no gRPC and no @pulumi/pulumi dependency, so it
// can be unit-tested on its own. provider.js serves it to the Pulumi engine. Types: standin-random.d.ts.
"use strict";

const crypto = require("node:crypto");

/** The key and value that mark a secret in a property map the engine sends to a provider that accepts secrets. */
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG_VALUE = "1b47061264138c4ac30d75fd1eb44270";
/** The value the engine sends, at any depth and for any type, for a value not known yet (preview). */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

const PASSWORD_TYPE = "random:index/randomPassword:RandomPassword";
const STRING_TYPE = "random:index/randomString:RandomString";
const SUPPORTED_TYPES = [PASSWORD_TYPE, STRING_TYPE];

// Character classes of the real provider (facts: same sets, same default special characters).
const LOWER_CHARS = "abcdefghijklmnopqrstuvwxyz";
const UPPER_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const NUMERIC_CHARS = "0123456789";
const DEFAULT_SPECIAL_CHARS = "!@#$%&*()-_=+[]{}<>:?";

const BOOLEAN_DEFAULTS = { lower: true, upper: true, numeric: true, number: true, special: true };
const MIN_KEYS = ["minLower", "minUpper", "minNumeric", "minSpecial"];
/** Every input of both resources; a change to any of them replaces the resource, as the real provider does. */
const INPUT_KEYS = ["keepers", "length", "lower", "minLower", "minNumeric", "minSpecial", "minUpper", "number", "numeric", "overrideSpecial", "special", "upper"];

function isSecret(value) {
  return value !== null && typeof value === "object" && value[SECRET_SIG_KEY] === SECRET_SIG_VALUE;
}

/** The value inside a secret envelope (recursively), or the value itself. */
function reveal(value) {
  if (isSecret(value)) return reveal(value.value);
  if (Array.isArray(value)) return value.map(reveal);
  if (value !== null && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = reveal(v);
    return out;
  }
  return value;
}

function makeSecret(value) {
  return { [SECRET_SIG_KEY]: SECRET_SIG_VALUE, value };
}

function containsUnknown(value) {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** The resource type token of a URN (`urn:pulumi:stack::project::[parent$]type::name`). */
function typeOfUrn(urn) {
  const qualified = String(urn).split("::")[2] ?? "";
  return qualified.split("$").pop();
}

function assertSupported(type) {
  if (!SUPPORTED_TYPES.includes(type)) {
    throw new Error(`random stand-in: unsupported resource type ${JSON.stringify(type)}; it serves only ${SUPPORTED_TYPES.join(" and ")}`);
  }
}

function isAbsent(value) {
  return value === undefined || value === null;
}

/**
 * Applies the SDK's defaults to the new inputs and validates them. Secret envelopes and unknown values are kept
 * as they came; unknown values are not validated.
 */
function check(type, news) {
  assertSupported(type);
  const inputs = { ...(news ?? {}) };
  const failures = [];
  const fail = (property, reason) => failures.push({ property, reason });

  // `number` is the deprecated alias of `numeric`: one given sets the other.
  if (isAbsent(inputs.numeric) && !isAbsent(inputs.number)) inputs.numeric = inputs.number;
  if (isAbsent(inputs.number) && !isAbsent(inputs.numeric)) inputs.number = inputs.numeric;
  for (const [key, fallback] of Object.entries(BOOLEAN_DEFAULTS)) {
    if (isAbsent(inputs[key])) inputs[key] = fallback;
  }
  for (const key of MIN_KEYS) {
    if (isAbsent(inputs[key])) inputs[key] = 0;
  }

  const known = (key) => !containsUnknown(inputs[key]);
  const plain = (key) => reveal(inputs[key]);

  if (isAbsent(inputs.length)) {
    fail("length", "length is required: expected an integer of at least 1");
  } else if (known("length") && !(Number.isInteger(plain("length")) && plain("length") >= 1)) {
    fail("length", `length: expected an integer of at least 1, got ${JSON.stringify(plain("length"))}`);
  }
  for (const key of Object.keys(BOOLEAN_DEFAULTS)) {
    if (known(key) && typeof plain(key) !== "boolean") fail(key, `${key}: expected true or false, got ${JSON.stringify(plain(key))}`);
  }
  if (known("number") && known("numeric") && plain("number") !== plain("numeric")) {
    fail("numeric", "numeric and number (its deprecated alias) disagree: set only numeric");
  }
  for (const key of MIN_KEYS) {
    if (known(key) && !(Number.isInteger(plain(key)) && plain(key) >= 0)) {
      fail(key, `${key}: expected an integer of at least 0, got ${JSON.stringify(plain(key))}`);
    }
  }
  if (!isAbsent(inputs.overrideSpecial) && known("overrideSpecial") && typeof plain("overrideSpecial") !== "string") {
    fail("overrideSpecial", `overrideSpecial: expected a string, got ${JSON.stringify(plain("overrideSpecial"))}`);
  }
  if (!isAbsent(inputs.keepers) && known("keepers")) {
    const keepers = plain("keepers");
    if (typeof keepers !== "object" || Array.isArray(keepers)) fail("keepers", "keepers: expected a map of strings");
  }
  const allKnown = ["length", ...MIN_KEYS, "lower", "upper", "numeric", "special", "overrideSpecial"].every(known);
  if (failures.length === 0 && allKnown) {
    const plainInputs = reveal(inputs);
    const minimums = MIN_KEYS.reduce((sum, key) => sum + plainInputs[key], 0);
    if (plainInputs.length < minimums) {
      fail("length", `length: expected at least the sum of minLower, minUpper, minNumeric and minSpecial (${minimums}), got ${plainInputs.length}`);
    } else if (plainInputs.length > minimums && charset(plainInputs).length === 0) {
      fail("length", "no characters to choose from: enable at least one of lower, upper, numeric or special");
    }
  }
  return { inputs, failures };
}

function specialChars(plainInputs) {
  return typeof plainInputs.overrideSpecial === "string" && plainInputs.overrideSpecial !== "" ? plainInputs.overrideSpecial : DEFAULT_SPECIAL_CHARS;
}

function charset(plainInputs) {
  return (plainInputs.upper ? UPPER_CHARS : "") + (plainInputs.lower ? LOWER_CHARS : "")
    + (plainInputs.numeric ? NUMERIC_CHARS : "") + (plainInputs.special ? specialChars(plainInputs) : "");
}

function pick(chars, count) {
  let out = "";
  for (let i = 0; i < count; i++) out += chars[crypto.randomInt(chars.length)];
  return out;
}

/**
 * A cryptographically random string for checked, plain (revealed) inputs: the minimum count of each class first,
 * the rest from every enabled class, then shuffled (Fisher-Yates with crypto.randomInt).
 */
function generate(plainInputs) {
  const chars = [
    pick(LOWER_CHARS, plainInputs.minLower ?? 0),
    pick(UPPER_CHARS, plainInputs.minUpper ?? 0),
    pick(NUMERIC_CHARS, plainInputs.minNumeric ?? 0),
    pick(specialChars(plainInputs), plainInputs.minSpecial ?? 0),
  ].join("");
  const rest = plainInputs.length - chars.length;
  const pool = charset(plainInputs);
  if (rest > 0 && pool.length === 0) throw new Error("random stand-in: no characters to choose from: enable at least one of lower, upper, numeric or special");
  const result = (chars + (rest > 0 ? pick(pool, rest) : "")).split("");
  for (let i = result.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result.join("");
}

/**
 * NOT bcrypt. The real provider returns a bcrypt hash; bcrypt is not available here, so the stand-in returns
 * `$standin-sha256$<salt, base64url>$<sha256(salt + password), hex>`. Nothing should verify it as bcrypt.
 */
function standinHash(password) {
  const salt = crypto.randomBytes(16);
  const digest = crypto.createHash("sha256").update(salt).update(password, "utf8").digest("hex");
  return `$standin-sha256$${salt.toString("base64url")}$${digest}`;
}

/** Replaces on any change of an input; an unknown new value counts as a change. */
function diff(olds, news) {
  const replaces = INPUT_KEYS.filter((key) => {
    if (containsUnknown(news?.[key])) return true;
    return !sameValue(reveal(olds?.[key]), reveal(news?.[key]));
  });
  return { changes: replaces.length > 0, replaces, deleteBeforeReplace: false };
}

function sameValue(a, b) {
  if (isAbsent(a) && isAbsent(b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!sameValue(a[key], b[key])) return false;
  return true;
}

/**
 * Creates the value. Outputs are the inputs as given (secret envelopes kept) plus `result`, and for a password
 * `bcryptHash` (a stand-in hash, see standinHash); a password's result and hash are returned as secrets. The id
 * follows the real provider: "none" for a password, the value itself for a string.
 */
function create(type, inputs) {
  assertSupported(type);
  if (containsUnknown(inputs)) throw new Error("random stand-in: create called with unknown inputs");
  const plainInputs = reveal(inputs);
  const result = generate(plainInputs);
  if (type === PASSWORD_TYPE) {
    return { id: "none", outs: { ...inputs, result: makeSecret(result), bcryptHash: makeSecret(standinHash(result)) } };
  }
  return { id: result, outs: { ...inputs, result } };
}

/** Returns the state as it is, with the inputs taken from it. */
function read(id, props) {
  const inputs = {};
  for (const key of INPUT_KEYS) if (props && props[key] !== undefined) inputs[key] = props[key];
  return { id, props, inputs };
}

module.exports = {
  PASSWORD_TYPE,
  STRING_TYPE,
  SUPPORTED_TYPES,
  SECRET_SIG_KEY,
  SECRET_SIG_VALUE,
  UNKNOWN,
  DEFAULT_SPECIAL_CHARS,
  typeOfUrn,
  reveal,
  check,
  diff,
  create,
  read,
  generate,
  standinHash,
};
