import type { VolumeDetail } from "../../../shared/contracts/archive";

/** The archive feature's server paths and the shapes only the client adds. */
export const ARCHIVE_SUBJECT = "LAWFIRM_ARCHIVE_VIEW";

/** GET /archive-volumes/:id: the volume plus, for the archivist while draft, the case-folder files not in it. */
export type VolumeView = VolumeDetail & { available: { id: string; name: string }[] };

export const volumePath = (id: string) => `/archive/volumes/${id}`;
export const loanPath = (id: string) => `/archive/loans?loan=${id}`;
export const approvalPath = (instanceId: string) => `/workflow/detail/${instanceId}`;

export const VOLUME_STATUS_COLORS: Record<string, string> = {
  draft: "default",
  pending: "processing",
  archived: "green",
};

export const MERGE_STATUS_COLORS: Record<string, string> = {
  none: "default",
  queued: "default",
  running: "processing",
  done: "green",
  failed: "red",
};

export const LOAN_STATUS_COLORS: Record<string, string> = {
  pending: "processing",
  active: "green",
  returned: "default",
  rejected: "red",
  cancelled: "default",
};
