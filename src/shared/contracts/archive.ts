/**
 * Archiving (归档): a closed case's volume (卷宗), its items and the merged PDF, as both sides
 * read them. The "case-archive" approval's accept numbers the volume and locks its files for good.
 */

export const VOLUME_STATUSES = ["draft", "pending", "archived"] as const;
export type VolumeStatus = (typeof VOLUME_STATUSES)[number];

export const MERGE_STATUSES = ["none", "queued", "running", "done", "failed"] as const;
export type MergeStatus = (typeof MERGE_STATUSES)[number];

/** Generated parts (cover, contents, closing note), the client's quality card, case files. */
export const VOLUME_ITEM_KINDS = [
  "cover",
  "contents",
  "closing-note",
  "quality-card",
  "file",
] as const;
export type VolumeItemKind = (typeof VOLUME_ITEM_KINDS)[number];

/** The law (律师业务档案管理办法) asks for ten years at least. */
export const MIN_RETENTION_YEARS = 10;
export const MAX_RETENTION_YEARS = 100;
export const MAX_VOLUME_ITEMS = 500;

export const archiveRef = (volumeId: string) => `archive:${volumeId}`;

export type ArchiveSettings = {
  /** {firm} {year} {seq:N}: 明律档字〔2026〕第0001号 by default. */
  numberFormat: string;
  /** Months after the closing by which the volume is due. */
  dueMonths: number;
  /** Years kept, by case type code; `default` for types not named. */
  retentionYears: Record<string, number>;
};

export type VolumeItem = {
  id: string;
  kind: VolumeItemKind;
  fileId: string | null;
  name: string | null;
  position: number;
  included: boolean;
};

export type VolumeRow = {
  id: string;
  caseId: string;
  caseNo: string;
  caseName: string;
  status: VolumeStatus;
  volumeNo: string | null;
  year: number | null;
  retentionYears: number;
  closedOn: string;
  dueOn: string;
  overdue: boolean;
  archivedAt: string | null;
  approvalId: string | null;
  mergeStatus: MergeStatus;
  mergeError: string | null;
  mergedFileId: string | null;
  mergedSha256: string | null;
  mergedPages: number | null;
  version: number;
};

export type VolumeDetail = VolumeRow & { items: VolumeItem[]; qualityCardFileId: string | null };

export type VolumeItemsInput = {
  version: number;
  /** Every orderable item (quality card and files) in the wanted order. */
  items: { fileId: string; included: boolean }[];
};
