/**
 * The state is the list of slices each model declares (`emulator/models/slices.ts`): a fresh state holds each slice
 * under its name, in the order data files of earlier emulators list their collections, and a data file's records are
 * checked against the form their slice declares.
 */
import { SLICES } from "../../../emulator/models/slices";
import { KEYED_COLLECTIONS, validateRecords } from "../../../emulator/models/state";
import { newSeedInfo, seedState } from "../../../emulator/persistence/seed";

/**
 * The collections of a data file, in its order, as emulators before the slices wrote them; issue 34 adds the Helm and
 * Terraform services after the other kinds' and the Helm repositories at the end; issue 35 the deployment restrictions
 * and the project's and environments' deployment rules after them.
 */
const DATA_FILE_ORDER = [
  "organization", "clusters", "tokens", "projects", "environments", "applications", "databases", "containers", "jobs",
  "helms", "terraforms", "variables", "gitTokens", "containerRegistries", "webhooks", "stages", "logs", "onPremiseCredentials", "annotationsGroups",
  "labelsGroups", "customDomains", "members", "invitations", "customRoles", "clusterCredentials", "cloudCredentials",
  "helmRepositories", "deploymentRestrictions", "projectDeploymentRules", "environmentDeploymentRules",
];

describe("the slices of the state", () => {
  it("make a fresh state with every collection, in the data file's order", () => {
    expect(SLICES.map((s) => s.key)).toEqual(DATA_FILE_ORDER);
    expect(Object.keys(seedState(newSeedInfo(Date.now())))).toEqual(DATA_FILE_ORDER);
    expect(KEYED_COLLECTIONS).toEqual(DATA_FILE_ORDER.filter((k) => !["organization", "clusters", "tokens", "logs"].includes(k)));
  });

  it("check a record against the form its model declares, naming the collection, the record and the field", () => {
    const state = seedState(newSeedInfo(Date.now()));
    const webhooks = SLICES.find((s) => s.key === "webhooks");
    expect(webhooks?.form).toBe("keyed");
    (state.webhooks as Map<string, unknown>).set("w1", { id: "w1", created_at: "t", updated_at: "t", organization_id: "o", kind: "STANDARD", target_url: 7 });
    expect(() => validateRecords(state)).toThrow(/^state\.webhooks\.w1\.target_url: /);
  });
});
