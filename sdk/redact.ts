/**
 * Keeping secrets out of text: every spelling a server may echo a secret in, and the replacement of each with `***`.
 */

/**
 * Secrets shorter than this are redacted only where they stand alone (see {@link redact}); longer ones everywhere.
 */
const SHORT_SECRET_LENGTH = 4;
/** Punctuation around a value once URL-encoded (`%22` for `"`, `%2C` for `,`, `%5C` for `\`, ...). */
const ENCODED_PUNCTUATION = String.raw`%(?:2[026789cCeEfF]|3[aAbBdD]|5[bBcCdD]|7[bBdD])`;
/** What may stand right before a value in a message, a JSON text or a query string. */
const BEFORE = String.raw`(?<=^|[\s"'=:,;(\[{<>/+]|${ENCODED_PUNCTUATION})`;
/** What may stand right after one; `\` because the value may end inside a JSON-escaped string. */
const AFTER = String.raw`(?=$|[\s"',;:)\]}<>&\\.!?/+]|${ENCODED_PUNCTUATION})`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function unicodeEscaped(jsonInner: string, upper: boolean): string {
  return jsonInner.replace(/[\u0080-\uffff]/g, (c) => {
    const hex = c.charCodeAt(0).toString(16).padStart(4, "0");
    return `\\u${upper ? hex.toUpperCase() : hex}`;
  });
}

/**
 * The spellings a secret takes when a server echoes it: as is; JSON-escaped (quotes, backslashes, control
 * characters), also with non-ASCII or `<>&` as `\uXXXX` (Python's and Go's encoders) and `/` as `\/`; JSON-escaped
 * twice (a request body quoted inside an error message); and URL-encoded, raw or JSON-escaped (percent, lower-case
 * hex, `+` for space).
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  const json = JSON.stringify(secret).slice(1, -1);
  const jsonForms = [json, unicodeEscaped(json, false), unicodeEscaped(json, true)];
  jsonForms.push(json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
  for (const form of [...jsonForms]) jsonForms.push(form.replace(/\//g, "\\/"));
  for (const form of jsonForms) {
    forms.add(form);
    forms.add(JSON.stringify(form).slice(1, -1));
  }
  // URL-encoded: the value itself, or a JSON body holding it, echoed in a query string or a form.
  for (const plain of [secret, json]) {
    try {
      const encoded = encodeURIComponent(plain);
      forms.add(encoded);
      forms.add(encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
      forms.add(encoded.replace(/%20/g, "+"));
      forms.add(new URLSearchParams({ v: plain }).toString().slice(2));
    } catch {
      // A lone surrogate cannot be URL-encoded, so no server can have echoed it that way.
    }
  }
  forms.delete("");
  return [...forms];
}

/**
 * Replaces each secret (tokens, passwords, secret values) in `text` with `***`, in every spelling of
 * {@link secretForms}.
 *
 * A secret of 4 characters or more is replaced wherever it occurs. A shorter one (`"ab"`, `"1"`) is replaced
 * only where it stands alone: between quotes, spaces, `=`/`&`, brackets or punctuation, as a value does in a
 * message, a JSON text or a query string. Replacing it inside words too would turn messages into asterisks
 * (think of a secret `"e"`), and inside a longer word a few letters cannot be told from the word's own.
 */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  const unique = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s !== ""))];
  const forms = unique.flatMap((secret) => secretForms(secret).map((form) => ({ form, short: secret.length < SHORT_SECRET_LENGTH })));
  // Longest first, so a secret that is part of a longer one cannot leave the rest of the longer one visible.
  forms.sort((a, b) => b.form.length - a.form.length);
  let out = text;
  for (const { form, short } of forms) {
    out = short ? out.replace(new RegExp(BEFORE + escapeRegExp(form) + AFTER, "g"), "***") : out.split(form).join("***");
  }
  return out;
}
