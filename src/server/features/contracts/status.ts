import { AppError } from "../../../shared/errors";

/** A contract's lifecycle (contracts.status). "Draft" and "in approval" live in contract_submissions. */
export const CONTRACT_STATUS = {
  approved: "approved",
  signing: "signing",
  signed: "signed",
  archived: "archived",
  voided: "voided",
} as const;

export type ContractStatus = (typeof CONTRACT_STATUS)[keyof typeof CONTRACT_STATUS];

const { approved, signing, signed, archived, voided } = CONTRACT_STATUS;

/**
 * The legal moves: approved → signing → signed → archived; a paper contract signed on the spot may
 * be archived straight from approved; voided from any approved state that is not yet archived.
 * Archived and voided are final.
 */
const TRANSITIONS: Record<string, readonly string[]> = {
  [approved]: [signing, signed, archived, voided],
  [signing]: [signed, voided],
  [signed]: [archived, voided],
  [archived]: [],
  [voided]: [],
};

export const canTransition = (from: string, to: string) => TRANSITIONS[from]?.includes(to) ?? false;

/** An illegal move is a translated 409 naming both states, never a silent no-op. */
export const assertTransition = (from: string, to: string) => {
  if (!canTransition(from, to))
    throw new AppError(409, "contracts.errors.illegalTransition", { data: { from, to } });
};

/** Statuses whose record (and files) may still be edited. */
export const isEditable = (status: unknown) =>
  status === approved || status === signing || status === signed;

/** businessRef prefixes: "contracts:new:<submission>", "contracts:archive:<id>", "contracts:cancel:<id>". */
export const CONTRACT_REF = "contracts";
export const contractRef = (what: "new" | "archive" | "cancel", id: string) =>
  `${CONTRACT_REF}:${what}:${id}`;
export const refId = (ref: string, what: "new" | "archive" | "cancel") => {
  const prefix = `${CONTRACT_REF}:${what}:`;
  return ref.startsWith(prefix) ? ref.slice(prefix.length) : "";
};
