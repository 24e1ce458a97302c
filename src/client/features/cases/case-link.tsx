import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { useCaseRecord } from "./api";

/**
 * A case named by its number and name, linking to it: what a contract or seal approval is about.
 * A reader who may not read the case (a custodian outside its team) sees the plain link text.
 */
export const CaseLink = ({ caseId }: { caseId: string }) => {
  const { t } = useTranslation();
  const { data } = useCaseRecord(caseId);
  const label = data
    ? `${String(data.caseNo ?? "")} ${String(data.name ?? "")}`.trim()
    : t("contracts.actions.openCase");
  return <Link to={`/case/detail/${caseId}`}>{label}</Link>;
};
