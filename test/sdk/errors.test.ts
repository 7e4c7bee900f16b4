import {
  AuthenticationError, BadRequestError, ConflictError, DeployServiceError, NotFoundError, PermissionDeniedError,
  RateLimitError, ServerError, errorFromStatus, isAuthError, isConflict, isDeployServiceError, isNotFound,
  isRateLimited, isRetryable,
} from "../../sdk";
import { JSON_HEADERS, TOKEN, answersAsService, mockClient, rejectionOf } from "./support/helpers";

describe("error factory", () => {
  test.each([
    [400, BadRequestError, "bad_request"],
    [401, AuthenticationError, "unauthorized"],
    [403, PermissionDeniedError, "forbidden"],
    [404, NotFoundError, "not_found"],
    [409, ConflictError, "conflict"],
    [429, RateLimitError, "rate_limited"],
    [500, ServerError, "server_error"],
    [503, ServerError, "server_error"],
    [422, BadRequestError, "bad_request"],
  ])("status %i maps to its class and code", (status, cls, code) => {
    const e = errorFromStatus({ status, method: "GET", path: "/x", serviceMessage: "why" });
    expect(e).toBeInstanceOf(cls);
    expect(e).toBeInstanceOf(DeployServiceError);
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    expect(e.message).toContain("GET /x");
    expect(e.message).toContain("why");
  });

  test("predicates", () => {
    const notFound = errorFromStatus({ status: 404, method: "GET", path: "/p" });
    const limited = errorFromStatus({ status: 429, method: "GET", path: "/p" });
    const server = errorFromStatus({ status: 502, method: "GET", path: "/p" });
    const auth = errorFromStatus({ status: 401, method: "GET", path: "/p" });
    const forbidden = errorFromStatus({ status: 403, method: "GET", path: "/p" });
    const conflict = errorFromStatus({ status: 409, method: "POST", path: "/p" });
    expect([isNotFound(notFound), isNotFound(forbidden), isNotFound(new Error("404"))]).toEqual([true, false, false]);
    expect([isRateLimited(limited), isRateLimited(server)]).toEqual([true, false]);
    expect([isRetryable(limited), isRetryable(server), isRetryable(notFound), isRetryable(conflict)]).toEqual([true, true, false, false]);
    expect([isAuthError(auth), isAuthError(forbidden), isAuthError(notFound)]).toEqual([true, true, false]);
    expect([isConflict(conflict), isConflict(notFound)]).toEqual([true, false]);
    // A Node error whose `code` happens to match is not ours.
    expect(isNotFound(Object.assign(new Error("x"), { code: "not_found" }))).toBe(false);
    expect(isDeployServiceError(null)).toBe(false);
  });

  test("predicates recognise errors from a second loaded copy of the module", () => {
    let Other: typeof import("../../sdk/errors") | undefined;
    jest.isolateModules(() => {
      Other = require("../../sdk/errors");
    });
    if (!Other) throw new Error("second copy not loaded");
    const foreign = new Other.NotFoundError("GET /p: 404", { method: "GET", path: "/p", status: 404 });
    expect(foreign).not.toBeInstanceOf(NotFoundError); // really a different class...
    expect(isNotFound(foreign)).toBe(true); // ...still recognised
    expect(isDeployServiceError(foreign)).toBe(true);
    const ours = errorFromStatus({ status: 429, method: "GET", path: "/p" });
    expect(Other.isRateLimited(ours)).toBe(true);
    expect(Other.isRetryable(ours)).toBe(true);
    expect(Other.isAuthError(errorFromStatus({ status: 403, method: "GET", path: "/p" }))).toBe(true);
  });
});

describe("errors from responses", () => {
  test.each([400, 401, 403, 404, 409])("status %i carries status, service message, method and path", async (status) => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/project/p1", method: "PUT" }).reply(status, { status, error: "E", message: `field "name" is wrong (${status})` }, { headers: JSON_HEADERS });
    if (status === 404) answersAsService(pool);
    const e = await rejectionOf(client.projects.update("p1", { name: "n" }));
    expect(e.status).toBe(status);
    expect(e.method).toBe("PUT");
    expect(e.path).toBe("/project/p1");
    expect(e.serviceMessage).toBe(`field "name" is wrong (${status})`);
  });

  test("the token never appears, even when the service echoes it", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(401, { status: 401, error: "Unauthorized", message: `token ${TOKEN} is revoked` }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.projects.get("p1"));
    expect(isAuthError(e)).toBe(true);
    expect(e.message).not.toContain(TOKEN);
    expect(e.serviceMessage).not.toContain(TOKEN);
    expect(JSON.stringify(e)).not.toContain(TOKEN);
    expect(e.message).toContain("***");
  });

  test("secret values of the request are not echoed either", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/secret", method: "POST" }).reply(400, { message: "value hunter2-pass is too weak" }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.secrets.create("a1", { key: "DB_PASSWORD", value: "hunter2-pass" }));
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.message).not.toContain("hunter2-pass");
  });

  test("a non-JSON error body gives a short excerpt", async () => {
    const { pool, client } = mockClient({ maxRetries: 0 });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(502, "<html>Bad gateway</html>");
    const e = await rejectionOf(client.projects.get("p1"));
    expect(e).toBeInstanceOf(ServerError);
    expect(e.serviceMessage).toBe("<html>Bad gateway</html>");
  });

  test("a 404 on DELETE is reported as not found", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/environment/e1", method: "DELETE" }).reply(404, { status: 404, error: "Not Found", message: "environment not found" }, { headers: JSON_HEADERS });
    answersAsService(pool);
    const e = await rejectionOf(client.environments.delete("e1"));
    expect(isNotFound(e)).toBe(true);
    expect(e.method).toBe("DELETE");
  });
});
