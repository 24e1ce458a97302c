import type { SQL } from "drizzle-orm";

import type {
  ReportAnswer,
  ReportColumn,
  ReportDrill,
  ReportRow,
  ReportScope,
} from "../../../shared/contracts/reports";
import type { RequestCtx } from "../../lib/request-ctx";

/** Who and what a report counts: the firm, one department's cases/members, or one member. */
export type ReportFilter = {
  scope: ReportScope;
  userId: string;
  departmentId: string | null;
  /** The firm's days, both included, and the instants they span on the firm's clock. */
  from: string;
  to: string;
  fromAt: Date;
  /** The instant after `to` ends. */
  untilAt: Date;
  zone: string;
  today: string;
};

export type ReportResult = {
  rows: ReportRow[];
  drill?: Record<string, Record<string, ReportDrill>>;
};

/**
 * One report: its key, columns, chart and the SQL aggregate that fills it. The right is
 * LAWFIRM_REPORT_VIEW for all of them (scope.ts decides firm/department/me); a report that reads
 * more than cases names the extra subject the viewer also needs (`requires`).
 */
export type ReportDefinition = {
  key: string;
  columns: ReportColumn[];
  chart: ReportAnswer["chart"];
  requires?: [action: "read", subject: "LAWFIRM_RECEIVABLE_VIEW" | "LAWFIRM_LEAD_VIEW"];
  run: (ctx: RequestCtx, filter: ReportFilter) => Promise<ReportResult>;
};

export type ReportRegistry = {
  register: (report: ReportDefinition) => void;
  get: (key: string) => ReportDefinition | undefined;
  all: () => ReportDefinition[];
};

export const createReportRegistry = (): ReportRegistry => {
  // A Map, never an object: a key like "__proto__" from the URL must find nothing.
  const reports = new Map<string, ReportDefinition>();
  return {
    register: (report) => {
      if (reports.has(report.key)) throw new Error(`report ${report.key} registered twice`);
      reports.set(report.key, report);
    },
    get: (key) => reports.get(key),
    all: () => [...reports.values()],
  };
};

declare module "fastify" {
  interface FastifyInstance {
    reports: ReportRegistry;
  }
}

/** An SQL condition a report ANDs in, or undefined for the whole firm. */
export type Narrowing = SQL | undefined;
