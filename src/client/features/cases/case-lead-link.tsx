import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { api } from "../../lib/api";
import { useCan } from "../../routing/use-can";

/** "Opened from lead XS2026-0003": the intake lead the case was converted from, for those who may read leads. */
export const CaseLeadLink = ({ caseId }: { caseId: string }) => {
  const { t } = useTranslation();
  const canRead = useCan()("read", "LAWFIRM_LEAD_VIEW");
  const { data: [lead] = [] } = useQuery({
    queryKey: ["case-lead", caseId],
    queryFn: () =>
      api.get<{ id: string; leadNo: string }[]>("/leads", { params: { caseId, _end: 1 } }),
    enabled: canRead,
  });
  if (!lead) return null;
  return (
    <p>
      {t("cases.detail.fromLead")}
      <Link className="schema-link" to={`/intake/${lead.id}`}>
        {lead.leadNo}
      </Link>
    </p>
  );
};
