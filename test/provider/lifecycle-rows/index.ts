/**
 * Rows of the lifecycle table kept beside it, one module per area (each exports `rows`). Add an area's module here.
 */
import type { LifecycleRow } from "../lifecycle-row";

export const extraLifecycleRows: LifecycleRow[] = [];
