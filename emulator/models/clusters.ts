import { randomUUID } from "node:crypto";
import { iso, type BaseRec, type ModelContext } from "./records";

/** The last minor Kubernetes version the emulator offers an upgrade to. */
const LAST_MINOR = 33;

/** A seeded Kubernetes cluster. */
export interface ClusterRec extends BaseRec {
  organization_id: string;
  name: string;
  region: string;
  version: string;
  next_version: string | null;
  is_default: boolean;
  last_deployment_date: string | null;
  last_execution_id: string | null;
}

/** Upgrades a cluster to its next Kubernetes version, when it has one, as a new execution. */
export function upgradeCluster(m: ModelContext, c: ClusterRec): void {
  if (c.next_version) {
    c.version = c.next_version;
    const [major, minor] = c.version.split(".").map(Number);
    c.next_version = minor !== undefined && minor < LAST_MINOR ? `${major}.${minor + 1}` : null;
  }
  c.last_execution_id = randomUUID();
  c.last_deployment_date = iso(m.now);
  c.updated_at = iso(m.now);
}
