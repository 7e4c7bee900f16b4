/**
 * A request path whose interpolated values have been percent-encoded.
 *
 * Only {@link path} produces values of this type, so a raw string with an unencoded id
 * cannot reach the request core by accident.
 */
export type ApiPath = string & { readonly __apiPath: unique symbol };

/**
 * Builds a request path, percent-encoding every interpolated value as one path segment.
 *
 * `path\`/project/${id}\`` gives `/project/<id>` where `/`, `?`, `#`, spaces and the like in `id`
 * are escaped, so an id can never change which endpoint is called.
 *
 * @throws TypeError when an interpolated value is empty, `undefined` or `null` (that would
 *   silently address the parent collection instead of one object).
 */
export function path(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number>): ApiPath {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    if (value === undefined || value === null || value === "") {
      throw new TypeError(`path ${strings.join("{}")}: segment ${index + 1} is empty; expected a non-empty id`);
    }
    out += encodeURIComponent(String(value)) + (strings[index + 1] ?? "");
  });
  return out as ApiPath;
}
