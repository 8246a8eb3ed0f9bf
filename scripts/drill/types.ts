/** What every drill reports, and the tenants drills work for (scripts/drill/main.ts prints the rows). */

export interface Row {
  drill: string;
  requests: number;
  failed: number;
  jobs: number;
  lost: number;
  doubleCharged: number;
  maxPendingS: number;
  /** p95 latency of the calls made during the fault (null: the drill measures no latency). */
  p95Ms: number | null;
  notes: string[];
  ok: boolean;
}

export interface Tenant {
  id: string;
  key: string;
}
