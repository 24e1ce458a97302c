/** Keywords for a case's check: its parties' names and ID numbers, then its client (at most 10). */
export const caseKeywords = (parties: { name?: string; idNumber?: string }[], clientName?: string) => {
  const all = [...parties.flatMap((p) => [p.name, p.idNumber]), clientName].map((k) => (k ?? "").trim()).filter(Boolean);
  return [...new Set(all)].slice(0, 10);
};
