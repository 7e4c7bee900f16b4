/**
 * What a Helm chart's source must look like before the service is asked: a chart name, a chart version (SemVer or a
 * constraint), a repository URL of the scheme its kind takes. Each rule answers the reason a value is refused, never
 * quoting the value; the client's request schemas and the Pulumi provider's checks both use them.
 */
import { hasUrlCredentials } from "./url-credentials";

/** A Helm chart name: lower-case letters and digits, words separated by `-`, `_` or `.` (at most 250 characters). */
const CHART_NAME = /^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/;

/** Why `name` is no chart name, or `undefined`. */
export function helmChartNameProblem(name: string): string | undefined {
  if (name.length > 250 || !CHART_NAME.test(name)) {
    return "expected a Helm chart name: lower-case letters and digits, words separated by '-', '_' or '.' (e.g. ingress-nginx)";
  }
  return undefined;
}

const NUMBER = "(0|[1-9]\\d*)";
const WILD = `(${NUMBER}|[xX*])`;
const PRE = "(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?(\\+[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?";
/** A SemVer 2 version, `v` allowed in front (`1.2.3`, `v1.0.0-rc.1+build.5`). */
const SEMVER = new RegExp(`^v?${NUMBER}\\.${NUMBER}\\.${NUMBER}${PRE}$`);
/** A partial version as constraints take it (`1`, `1.2`, `1.x`, `*`). */
const PARTIAL = `v?(${WILD}(\\.${WILD}){0,2}${PRE}|[xX*])`;
/** One comparison of a constraint (`>=1.2`, `^1.2.3`, `~1.2`), or a hyphen range (`1.2 - 1.4.5`). */
const COMPARISON = new RegExp(`^((=|!=|>=|<=|>|<|~>|~|\\^)\\s*${PARTIAL}|${PARTIAL}\\s+-\\s+${PARTIAL})$`);

/** Whether `text` is a SemVer version (not a constraint). */
export function isSemver(text: string): boolean {
  return SEMVER.test(text);
}

/**
 * Why `version` is neither a SemVer version (`1.2.3`, `v4.0.0-rc.1`) nor a SemVer constraint as Helm takes it
 * (`^1.2`, `~1.2.3`, `>=1.0.0 <2.0.0`, `1.2.x`, `1.0 - 1.4`, alternatives joined by `||`), or `undefined`.
 */
export function helmChartVersionProblem(version: string): string | undefined {
  const expected = "expected a SemVer version (e.g. 4.12.1) or a SemVer constraint (e.g. ^4.12, ~4.12.1, >=4.0.0 <5.0.0)";
  if (version.trim() === "" || version.length > 200) return expected;
  if (isSemver(version.trim())) return undefined;
  const alternatives = version.split("||").map((a) => a.trim());
  for (const alternative of alternatives) {
    // A hyphen range is one comparison with spaces in it: tried whole first, then the parts of an AND.
    if (alternative === "") return expected;
    if (COMPARISON.test(alternative)) continue;
    const parts = alternative.split(/\s*,\s*|(?<=[^=<>!~^\s])\s+(?=[=!<>~^v\d*xX])/).filter((p) => p !== "");
    if (!parts.every((p) => COMPARISON.test(p) || new RegExp(`^${PARTIAL}$`).test(p))) return expected;
  }
  return undefined;
}

/** Kinds of Helm repository reached through an OCI registry (`oci://` URLs); `HTTPS` is the classic chart index. */
export function isOciHelmRepositoryKind(kind: string): boolean {
  return kind.startsWith("OCI_");
}

/**
 * Why `url` is not the address of a Helm repository of `kind`, or `undefined`: an OCI kind takes an `oci://` URL,
 * `HTTPS` an `https://` one; credentials written into the URL are refused (they go in the repository's config).
 */
export function helmRepositoryUrlProblem(kind: string, url: string): string | undefined {
  if (hasUrlCredentials(url)) {
    return "expected the repository's URL without credentials (no user name or password before the host): they go in " +
      "the repository's credentials, which are kept secret, never in the url";
  }
  const scheme = isOciHelmRepositoryKind(kind) ? "oci://" : "https://";
  if (!url.startsWith(scheme) || !/^[a-z]+:\/\/[^\s/]+/.test(url) || /\s/.test(url)) {
    return `expected an ${scheme} URL for a ${kind} repository`;
  }
  return undefined;
}
