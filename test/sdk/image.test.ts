/**
 * The shared rules of sdk/image.ts: image names and tags by Docker's grammar, cron schedules as Kubernetes runs
 * them. Each refusal says what was expected, and names the part that broke it.
 */
import { CRON_MACROS, cronProblem, imageNameProblem, imageTagProblem } from "../../sdk";

describe("imageNameProblem", () => {
  test.each([
    "nginx", "library/nginx", "bitnami/redis", "acme/team/api", "my.image", "my_image", "my__image", "my-image",
    "my--image", "a0/b1.c2-d3_e4", "x".repeat(255),
  ])("accepts %s", (name) => {
    expect(imageNameProblem(name)).toBeUndefined();
  });

  test.each<[string, RegExp]>([
    ["", /got an empty string/],
    ["Nginx", /"Nginx" holds uppercase letters/],
    ["acme/My-App", /"My-App" holds uppercase letters/],
    ["nginx:1.27", /got a tag \(":1\.27"\): give the tag separately/],
    ["nginx@sha256:abc", /got a digest/],
    ["ghcr.io/acme/api", /"ghcr\.io" is a registry host: the registry is given separately/],
    ["localhost:5000/api", /"localhost:5000" is a registry host/],
    ["localhost/api", /"localhost" is a registry host/],
    ["/nginx", /empty path component/],
    ["acme//api", /empty path component/],
    ["acme/", /empty path component/],
    ["-nginx", /"-nginx" is not one/],
    ["nginx.", /"nginx\." is not one/],
    ["a_-b", /"a_-b" is not one/],
    ["a___b", /"a___b" is not one/],
    ["ngi nx", /whitespace or control characters/],
    ["x".repeat(256), /256 characters, more than the 255 allowed/],
  ])("refuses %j", (name, reason) => {
    const problem = imageNameProblem(name);
    expect(problem).toMatch(/^expected an image name of lowercase path components separated by "\/"/);
    expect(problem).toMatch(reason);
  });

  test("a long component is quoted cut, never whole", () => {
    const problem = imageNameProblem(`acme/${"A".repeat(100)}`)!;
    expect(problem).toContain("...");
    expect(problem).not.toContain("A".repeat(41));
  });
});

describe("imageTagProblem", () => {
  test.each(["latest", "1.27", "v2.3.0-alpine", "_build", "A_b.c-d", "1", "x".repeat(128)])("accepts %s", (tag) => {
    expect(imageTagProblem(tag)).toBeUndefined();
  });

  test.each<[string, RegExp]>([
    ["", /got an empty string/],
    [".hidden", /starting with "\."/],
    ["-rc1", /starting with "-"/],
    ["1.0+build", /holding "\+"/],
    ["v1/2", /holding "\/"/],
    ["v 1", /whitespace or control characters/],
    ["sha256@abc", /digest/],
    ["x".repeat(129), /got 129 characters/],
  ])("refuses %j", (tag, reason) => {
    const problem = imageTagProblem(tag);
    expect(problem).toMatch(/^expected an image tag of 1 to 128 characters/);
    expect(problem).toMatch(reason);
  });
});

describe("cronProblem", () => {
  test.each([
    "* * * * *", "0 3 * * *", "*/15 * * * *", "0 0 1 * *", "0 9-17 * * MON-FRI", "30 2 * JAN,JUL sun",
    "0,30 8-18/2 1-15 1-12/3 0-6", "5/10 * * * *", "59 23 31 12 6", "0 0 * * 0", " 0 3 * * * ", "0\t3 * * *",
    ...CRON_MACROS,
  ])("accepts %j", (expression) => {
    expect(cronProblem(expression)).toBeUndefined();
  });

  test.each<[string, RegExp]>([
    ["", /got an empty string/],
    ["* * * *", /got 4 fields/],
    ["0 * * * * *", /got 6 fields \(seconds are not supported\)/],
    ["60 * * * *", /the minute field holds 60, outside 0-59/],
    ["0 24 * * *", /the hour field holds 24, outside 0-23/],
    ["0 0 0 * *", /the day-of-month field holds 0, outside 1-31/],
    ["0 0 * 13 *", /the month field holds 13, outside 1-12/],
    ["0 0 * * 7", /the day-of-week field holds 7, outside 0-6 \(Sunday is 0; 7 is not accepted\)/],
    ["0 0 * FOO *", /the month field holds "FOO", not a number or a name JAN-DEC/],
    ["0 0 * * MONDAY", /the day-of-week field holds "MONDAY", not a number or a name SUN-SAT/],
    ["0 0 * * ?", /the day-of-week field holds "\?"/],
    ["0 0 L * *", /the day-of-month field holds "L"/],
    ["*/0 * * * *", /step "0"; expected a whole number of at least 1/],
    ["*/x * * * *", /step "x"/],
    ["1/2/3 * * * *", /has more than one "\/"/],
    ["0 17-9 * * *", /the hour field range "17-9" starts after it ends/],
    ["0 1-2-3 * * *", /is not a value, a range "a-b" or "\*"/],
    ["0 1, * * *", /the hour field has an empty list item/],
    ["0 -1 * * *", /is not a value, a range/],
    ["@every 5m", /"@every 5m" is not one of them/],
    ["@reboot", /"@reboot" is not one of them/],
    ["@DAILY", /"@DAILY" is not one of them/],
    ["TZ=Europe/Paris 0 3 * * *", /"TZ=" prefix: give the timezone separately/],
    ["CRON_TZ=UTC 0 3 * * *", /"TZ=" prefix/],
  ])("refuses %j", (expression, reason) => {
    const problem = cronProblem(expression);
    expect(problem).toMatch(/^expected a cron schedule of 5 fields "minute hour day-of-month month day-of-week"/);
    expect(problem).toMatch(reason);
  });
});
