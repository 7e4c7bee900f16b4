/**
 * What a cluster keeps beside its configuration: its lock (who locked it, why, for how long), the analyses run on it
 * (each PENDING, RUNNING for one clock step, then SUCCEEDED with its log), the EKS Anywhere commit its
 * configuration is read from and the subnets Karpenter's Fargate profile uses. Kept on the cluster's record.
 */
import { createHmac, randomUUID } from "node:crypto";
import { conflict, notFound } from "../server/errors";
import type { ClusterRec } from "./clusters";
import { ownerMember } from "./members";
import { iso, touch, type ModelContext } from "./records";

/** A cluster's lock. */
export interface ClusterLockRec {
  reason: string;
  ttl_in_days?: number;
  locked_at: string;
  owner_name: string;
}

/** An analysis of a cluster. */
export interface ClusterAnalysisRec {
  id: string;
  kind: string;
  output_format: string;
  created_at: string;
  /** Epoch ms at which it started and the length of its one step. */
  start: number;
  stepMs: number;
  target_kubernetes_version?: string | null;
}

/** The fields of a cluster record this file owns. */
interface WithExtras {
  lock?: ClusterLockRec;
  analyses?: ClusterAnalysisRec[];
  eks_anywhere_commit_id?: string;
  karpenter_fargate_subnets?: Record<string, string[]>;
}

const extras = (c: ClusterRec) => c as ClusterRec & WithExtras;

/** The cluster's lock, or undefined; a lock past its time to live is gone. */
export function lockOf(m: ModelContext, c: ClusterRec): ClusterLockRec | undefined {
  const lock = extras(c).lock;
  if (lock?.ttl_in_days !== undefined && Date.parse(lock.locked_at) + lock.ttl_in_days * 86_400_000 <= m.now) return undefined;
  return lock;
}

/** Locks the cluster (409 when it is locked already). */
export function lockCluster(m: ModelContext, c: ClusterRec, input: { reason: string; ttl_in_days?: number | undefined }): ClusterLockRec {
  if (lockOf(m, c)) throw conflict(`cluster ${c.id} is locked already`);
  const lock: ClusterLockRec = {
    reason: input.reason, ...(input.ttl_in_days === undefined ? {} : { ttl_in_days: input.ttl_in_days }),
    locked_at: iso(m.now), owner_name: ownerMember(m.world.store).name,
  };
  extras(c).lock = lock;
  return lock;
}

/** Unlocks the cluster (404 when it is not locked). */
export function unlockCluster(m: ModelContext, c: ClusterRec): void {
  if (!lockOf(m, c)) throw notFound("lock of cluster", c.id);
  delete extras(c).lock;
}

/** Starts an analysis of the cluster. */
export function startAnalysis(m: ModelContext, c: ClusterRec, input: { kind: string; output_format: string; target_kubernetes_version?: string | null | undefined }): ClusterAnalysisRec {
  const a: ClusterAnalysisRec = {
    id: randomUUID(), kind: input.kind, output_format: input.output_format, created_at: iso(m.now), start: m.now,
    stepMs: m.world.config.stepMs, ...(input.target_kubernetes_version === undefined ? {} : { target_kubernetes_version: input.target_kubernetes_version }),
  };
  (extras(c).analyses ??= []).unshift(a);
  return a;
}

/** The cluster's analyses, newest first. */
export function analysesOf(c: ClusterRec): ClusterAnalysisRec[] {
  return extras(c).analyses ?? [];
}

/** One analysis of the cluster, or 404. */
export function analysisOf(c: ClusterRec, id: string): ClusterAnalysisRec {
  const a = analysesOf(c).find((x) => x.id === id);
  if (!a) throw notFound("cluster analysis", id);
  return a;
}

/** Where an analysis is at `nowMs`, and when it got there. */
export function analysisStatus(a: ClusterAnalysisRec, nowMs: number): { status: string; since: number } {
  if (nowMs >= a.start + 2 * a.stepMs) return { status: "SUCCEEDED", since: a.start + 2 * a.stepMs };
  return nowMs >= a.start + a.stepMs ? { status: "RUNNING", since: a.start + a.stepMs } : { status: "PENDING", since: a.start };
}

/** The log an analysis wrote by `nowMs`. */
export function analysisLog(c: ClusterRec, a: ClusterAnalysisRec, nowMs: number): Array<{ timestamp: string; level: string; message: string; line_order: number }> {
  const lines: Array<[number, string]> = [
    [a.start + a.stepMs, `${a.kind} analysis of cluster ${c.name} started (${a.output_format})`],
    [a.start + 2 * a.stepMs, a.kind === "DEPRECATED_API_CHECK"
      ? `no API deprecated in Kubernetes ${a.target_kubernetes_version ?? c.version} is in use`
      : "no cost recommendation: every workload's requests match its usage"],
  ];
  return lines.filter(([at]) => at <= nowMs).map(([at, message], i) => ({ timestamp: iso(at), level: "INFO", message, line_order: i + 1 }));
}

/** Sets the commit the EKS Anywhere cluster's configuration is read from. */
export function setEksAnywhereCommit(m: ModelContext, c: ClusterRec, commitId: string): void {
  extras(c).eks_anywhere_commit_id = commitId;
  touch(c, m.now);
}

/** A token the EKS Anywhere cluster's agent signs in with, derived from the cluster (the same on every read). */
export function eksAnywhereJwt(secret: string, c: ClusterRec): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const head = `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: c.id, iss: "emulator" })}`;
  return `${head}.${createHmac("sha256", secret).update(head).digest("base64url")}`;
}

/** Sets the subnets of Karpenter's Fargate profile, by zone. */
export function setKarpenterSubnets(m: ModelContext, c: ClusterRec, subnets: Record<string, string[] | undefined>): void {
  extras(c).karpenter_fargate_subnets = Object.fromEntries(Object.entries(subnets).filter((e): e is [string, string[]] => e[1] !== undefined));
  touch(c, m.now);
}
