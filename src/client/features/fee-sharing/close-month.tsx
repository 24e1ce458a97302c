import { LockOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type { FeePeriodClose, FeePeriods } from "../../../shared/contracts/fees";
import { api } from "../../lib/api";
import { showToast } from "../../layout/toast";
import { thisMonth } from "./api";

/**
 * Why a month cannot be closed now, or null when it can, by the server's rules (it refuses the
 * same with a 409): no month after the current one; once a month is closed, only the month after
 * the last closed one; before the first close, any month up to the current one.
 */
export const closeBlocker = (period: string, periods: FeePeriods | undefined, closed: boolean) => {
  if (closed) return "closed";
  if (!periods) return "loading";
  if (period > thisMonth()) return "future";
  if (periods.closed.length > 0 && period !== periods.nextToClose) return "order";
  return null;
};

/** "Close month" with its confirm dialog; disabled, with the reason beside it, when it cannot run. */
export const CloseMonthButton = ({
  period,
  periods,
  closed,
}: {
  period: string;
  periods: FeePeriods | undefined;
  closed: boolean;
}) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const blocker = closeBlocker(period, periods, closed);
  const close = async () => {
    setBusy(true);
    try {
      const body: FeePeriodClose = { period };
      await api.post("/fees/periods", body);
      setOpen(false);
      showToast({ message: t("feeSharing.close.done", { period }), color: "success" });
    } catch {
      // The server's reason (closed meanwhile, out of order) is already shown; the dialog closes.
      setOpen(false);
    } finally {
      setBusy(false);
      await queries.invalidateQueries({ queryKey: ["fees-periods"] });
      await queries.invalidateQueries({ queryKey: ["fees-statements"] });
      await queries.invalidateQueries({ queryKey: ["fees-statement"] });
    }
  };
  const reasonId = "fee-close-reason";
  return (
    <>
      <Button
        icon={<LockOutlined />}
        disabled={blocker !== null}
        aria-describedby={blocker && blocker !== "loading" ? reasonId : undefined}
        onClick={() => setOpen(true)}
      >
        {t("feeSharing.close.action")}
      </Button>
      {blocker && blocker !== "loading" ? (
        <span id={reasonId} className="fee-note">
          {t(`feeSharing.close.blocked.${blocker}`, { next: periods?.nextToClose ?? "" })}
        </span>
      ) : null}
      <Modal
        open={isOpen}
        title={t("feeSharing.close.title", { period })}
        okText={t("feeSharing.close.ok")}
        okButtonProps={{ danger: true }}
        confirmLoading={isBusy}
        onOk={() => void close()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Alert type="warning" showIcon message={t("feeSharing.close.warning", { period })} />
      </Modal>
    </>
  );
};
