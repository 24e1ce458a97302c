import { Typography } from "antd";
import { useTranslation } from "react-i18next";

import { firmOffset, isOtherZone, useFirmTimeZone } from "../lib/firm-time";

/**
 * Says whose clock the page's times are on, shown only when the reader's browser is in another
 * zone than the firm (a partner travelling): there every time on the page is labelled.
 */
export const FirmZoneNote = () => {
  const { t } = useTranslation();
  const zone = useFirmTimeZone();
  if (!isOtherZone()) return null;
  return (
    <Typography.Text type="secondary" className="firm-zone-note" role="note">
      {t("settings.firm.zoneNote", { zone, offset: firmOffset() })}
    </Typography.Text>
  );
};
