import { isAdverseRole } from "../../../shared/conflict-roles";

type Party = { name?: string; idNumber?: string; conflictRole?: string };

/** Keywords for a case's check: its parties' names and ID numbers, then its client (at most 10). */
export const caseKeywords = (parties: Party[], clientName?: string) => {
  const all = [...parties.flatMap((p) => [p.name, p.idNumber]), clientName].map((k) => (k ?? "").trim()).filter(Boolean);
  return [...new Set(all)].slice(0, 10);
};

/** Which of those keywords name an adverse party (对方当事人 / 对方关联方): a client among their hits is flagged. */
export const adverseKeywords = (parties: Party[], keywords: string[]) => {
  const adverse = new Set(parties.filter((p) => isAdverseRole(p.conflictRole)).flatMap((p) => [p.name, p.idNumber]).map((k) => (k ?? "").trim()));
  return keywords.filter((k) => adverse.has(k));
};
