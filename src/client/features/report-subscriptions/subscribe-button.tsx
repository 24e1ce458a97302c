import { MailOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type { SubscribableReport } from "./api";
import { SubscriptionDialog } from "./subscription-dialog";

/** A report card's "Subscribe": opens the dialog for that report. */
export const SubscribeButton = ({ report }: { report: SubscribableReport }) => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<MailOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t("reportSubscriptions.actions.subscribeTo", { report: report.title })}
      >
        {t("reportSubscriptions.actions.subscribe")}
      </Button>
      {isOpen ? <SubscriptionDialog report={report} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
