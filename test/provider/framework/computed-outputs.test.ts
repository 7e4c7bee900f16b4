/** `computedOutputs`: outputs only the service knows, named once, read from the record by the snake case of the name. */
import { computedOutputs } from "../../../provider/framework/define";

describe("computedOutputs", () => {
  it("names the outputs once and reads each from the record's snake-case field", () => {
    const { outputNames, outputs } = computedOutputs("associatedServicesCount", "expiredAt", "deploymentOrder");
    expect(outputNames).toEqual(["associatedServicesCount", "expiredAt", "deploymentOrder"]);
    expect(outputs({ id: "t-1", associated_services_count: 3, expired_at: "2027-01-31", deployment_order: 0 })).toEqual({
      associatedServicesCount: 3, expiredAt: "2027-01-31", deploymentOrder: 0,
    });
  });

  it("leaves an output absent when the service says nothing or null", () => {
    const { outputs } = computedOutputs("validationDomain", "status");
    const got = outputs({ id: "d-1", validation_domain: null });
    expect(got).toEqual({ validationDomain: undefined, status: undefined });
    expect(JSON.parse(JSON.stringify(got))).toEqual({});
  });
});
