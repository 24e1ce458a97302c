import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Form, Select } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { timeZoneNames, utcOffsetLabel } from "../../../shared/firm-time";
import { setFirmTimeZone } from "../../lib/firm-time";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { useCan } from "../../routing/use-can";

/**
 * Settings → Firm: the firm's time zone, on which every screen, PDF and e-mail shows its times.
 * Only those who manage the firm's settings see it (the server checks the same permission).
 */
export const FirmTimeZoneField = () => {
  const { t } = useTranslation();
  const canEdit = useCan()("update", "ORG_DICTIONARY");
  const queries = useQueryClient();
  const [isSaving, setSaving] = useState(false);
  const { data } = useQuery({
    queryKey: ["firm-time-zone"],
    queryFn: () => api.get<{ timeZone: string }>("/firm-time-zone"),
    enabled: canEdit,
  });
  // The offset beside each name: "Asia/Shanghai (UTC+8)" is what an admin recognizes.
  const options = useMemo(
    () =>
      timeZoneNames().map((name) => ({
        value: name,
        label: `${name} (${utcOffsetLabel(Date.now(), name)})`,
      })),
    [],
  );
  if (!canEdit) return null;
  const save = async (timeZone: string) => {
    setSaving(true);
    try {
      await api.put("/firm-time-zone", { timeZone });
      setFirmTimeZone(timeZone);
      await queries.invalidateQueries({ queryKey: ["firm-time-zone"] });
      showToast({ message: t("settings.firm.saved"), color: "success" });
    } catch {
      // The http layer has already shown what went wrong.
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <h2 className="settings-section">{t("settings.firm.title")}</h2>
      <Form.Item label={t("settings.firm.timeZone")} extra={t("settings.firm.timeZoneHelp")}>
        <Select
          showSearch
          style={{ width: 320 }}
          loading={isSaving || !data}
          value={data?.timeZone}
          onChange={(value) => void save(value)}
          options={options}
          aria-label={t("settings.firm.timeZone")}
        />
      </Form.Item>
    </>
  );
};
