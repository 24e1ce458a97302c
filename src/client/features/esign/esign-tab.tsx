import { EditOutlined } from "@ant-design/icons";
import { Button, Empty, Skeleton, Table, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { useCan } from "../../routing/use-can";
import { SIGNING_STATUS_COLORS } from "./signing-status";
import { useEsignOverview } from "./api";
import { PrepareWizard } from "./prepare/prepare-wizard";
import { RequestView } from "./request-view";
import { REQUEST_STATUS_COLORS } from "./status";
import type { ContractForSigning, RequestSummary } from "./types";
import { useLiveRefresh } from "./use-live-refresh";
import { firmTime } from "../../lib/firm-time";
import "./esign.css";

/**
 * The contract's E-signing tab: the request under way (or the last one) with its signers and
 * trail, earlier requests, and — for an approved contract with nothing in flight — Prepare signing.
 */
export const EsignTab = ({ contract }: { contract: ContractForSigning }) => {
  const { t } = useTranslation();
  const canAct = useCan()("create", "LAWFIRM_CONTRACT_VIEW");
  const { data, isLoading } = useEsignOverview(contract.id);
  const [isPreparing, setPreparing] = useState(false);
  useLiveRefresh(contract.id);
  if (isLoading || !data) return <Skeleton active />;

  const mayPrepare = canAct && data.mayPrepare;
  const earlier = data.history.filter((h) => h.id !== data.current?.id);
  if (isPreparing && mayPrepare)
    return (
      <PrepareWizard
        contract={contract}
        pdfFiles={data.pdfFiles}
        nonPdfFiles={data.nonPdfFiles}
        onClose={() => setPreparing(false)}
      />
    );
  return (
    <div className="esign-tab">
      <div className="esign-request-head">
        <span>
          {t("contracts.fields.signingStatus")}:{" "}
          <Tag
            color={SIGNING_STATUS_COLORS[contract.signingStatus]}
            data-testid="esign-signing-status"
          >
            {t(`contracts.signingStatuses.${contract.signingStatus}`)}
          </Tag>
        </span>
        {mayPrepare ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => setPreparing(true)}>
            {t("esign.buttons.prepare")}
          </Button>
        ) : null}
      </div>
      {data.current ? (
        <RequestView request={data.current} contractId={contract.id} canAct={canAct} />
      ) : (
        <Empty
          description={t(
            mayPrepare
              ? "esign.tab.emptyCanPrepare"
              : contract.status === "approved"
                ? "esign.tab.empty"
                : "esign.tab.notApproved",
          )}
        />
      )}
      {earlier.length ? (
        <section aria-labelledby="esign-history-title">
          <h3 id="esign-history-title" className="esign-section-title">
            {t("esign.tab.history")}
          </h3>
          <Table<RequestSummary>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={earlier}
            columns={[
              {
                title: t("esign.request.createdAt"),
                dataIndex: "createdAt",
                render: (v: string) => firmTime(v),
              },
              {
                title: t("esign.signers.status"),
                dataIndex: "status",
                render: (v: string) => (
                  <Tag color={REQUEST_STATUS_COLORS[v]}>{t(`esign.requestStatuses.${v}`)}</Tag>
                ),
              },
              {
                title: t("esign.tab.endReason"),
                dataIndex: "endReason",
                render: (v: string | null) => v ?? "",
              },
            ]}
          />
        </section>
      ) : null}
    </div>
  );
};
