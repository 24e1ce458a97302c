import { Alert, Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";

import { RequestActions } from "./request-actions";
import { SignersTable } from "./signers-table";
import { REQUEST_STATUS_COLORS, shortHash } from "./status";
import { TrailTable } from "./trail-table";
import type { SigningRequest } from "./types";
import { firmTime } from "../../lib/firm-time";

const time = (value: string | null) => (value ? firmTime(value) : "");

/** A signing request as the firm follows it: state, signers, actions and the hash-chained trail. */
export const RequestView = ({
  request,
  contractId,
  canAct,
}: {
  request: SigningRequest;
  contractId: string;
  canAct: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <div className="esign-request">
      <div className="esign-request-head">
        <h3 className="esign-section-title">
          {t("esign.request.title")}{" "}
          <Tag color={REQUEST_STATUS_COLORS[request.status]} data-testid="esign-request-status">
            {t(`esign.requestStatuses.${request.status}`)}
          </Tag>
        </h3>
        <RequestActions request={request} contractId={contractId} canAct={canAct} />
      </div>
      {request.endReason ? (
        <Alert
          className="esign-gap"
          type="info"
          showIcon
          message={t("esign.request.endReason", { reason: request.endReason })}
        />
      ) : null}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        className="esign-gap"
      >
        <Descriptions.Item label={t("esign.request.document")}>
          {request.sourceName}
        </Descriptions.Item>
        <Descriptions.Item label={t("esign.request.order")}>
          {t(`esign.orders.${request.signingOrder}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t("esign.request.createdAt")}>
          {time(request.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t("esign.request.expiresAt")}>
          {time(request.expiresAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t("esign.request.remind")}>
          {request.remindEveryDays
            ? t("esign.request.remindEvery", { count: request.remindEveryDays })
            : t("esign.request.remindNever")}
        </Descriptions.Item>
        {request.completedAt ? (
          <Descriptions.Item label={t("esign.request.completedAt")}>
            {time(request.completedAt)}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t("esign.request.sourceHash")}>
          <code className="esign-hash" title={request.sourceSha256}>
            {shortHash(request.sourceSha256)}
          </code>
        </Descriptions.Item>
        {request.sealedSha256 ? (
          <Descriptions.Item label={t("esign.request.sealedHash")}>
            <code className="esign-hash" title={request.sealedSha256}>
              {shortHash(request.sealedSha256)}
            </code>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <h3 className="esign-section-title">{t("esign.signers.title")}</h3>
      <SignersTable signers={request.signers} />
      <TrailTable trail={request.trail} isChainValid={request.chainValid} />
    </div>
  );
};
