import { isAdverseRole } from "../../../shared/conflict-roles";
import { MAX_KEYWORDS } from "../../../shared/contracts/conflicts";

type Party = { name?: string; idNumber?: string; conflictRole?: string };

const keysOf = (parties: Party[]) =>
  parties.flatMap((p) => [p.name, p.idNumber]).map((k) => (k ?? "").trim());

/** Keywords for a case's check: its parties' names and ID numbers, then its client (at most 10). */
export const caseKeywords = (parties: Party[], clientName?: string) => {
  const all = [...keysOf(parties), (clientName ?? "").trim()].filter(Boolean);
  return [...new Set(all)].slice(0, MAX_KEYWORDS);
};

/** Which of those keywords name a party in an adverse role (ADVERSE_ROLES): a client among their hits is flagged. */
export const adverseKeywords = (parties: Party[], keywords: string[]) => {
  const adverse = new Set(keysOf(parties.filter((p) => isAdverseRole(p.conflictRole))));
  return keywords.filter((k) => adverse.has(k));
};
