import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { VolumeRow } from "../../../shared/contracts/archive";
import { api } from "../../lib/api";
import { useCan } from "../../routing/use-can";
import { ARCHIVE_SUBJECT, volumePath } from "./api";

/** "Archive volume: 明律档字〔2026〕第0001号" on a closed case, for those who may read the archive. */
export const CaseVolumeLink = ({ caseId }: { caseId: string }) => {
  const { t } = useTranslation();
  const canRead = useCan()("read", ARCHIVE_SUBJECT);
  const { data: [volume] = [] } = useQuery({
    queryKey: ["case-archive-volume", caseId],
    queryFn: () => api.get<VolumeRow[]>("/archive-volumes", { params: { caseId } }),
    enabled: canRead,
  });
  if (!volume) return null;
  return (
    <p>
      {t("archiveUi.caseLine.label")}
      <Link className="schema-link" to={volumePath(volume.id)}>
        {volume.volumeNo ?? t("archiveUi.caseLine.assembling")}
      </Link>
    </p>
  );
};
