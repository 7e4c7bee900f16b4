/**
 * Credentials written into a URL (`https://user:token@host/...`): the service keeps and shows URLs as given, so a
 * credential in one would sit in plain sight (in the state, in answers to read-only tokens). The client's request
 * schemas and the Pulumi provider's checks refuse them with this one rule.
 */

/** What a URL's userinfo holds: `none`, a user name only (`user`), or a password too (`password`); `none` for a non-URL. */
export function urlUserinfo(url: string): "none" | "user" | "password" {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "none";
  }
  if (parsed.password !== "") return "password";
  return parsed.username !== "" ? "user" : "none";
}

/** True when `url` carries a user name or a password before its host (`https://token@host`, `https://u:p@host`). */
export function hasUrlCredentials(url: string): boolean {
  return urlUserinfo(url) !== "none";
}
