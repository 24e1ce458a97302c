import { Input, Space } from "antd";
import { useTranslation } from "react-i18next";

type Range = [string | undefined, string | undefined];

/** A from–to pair of numbers for a list filter (`x-filter: 8`), kept as typed (decimal strings). */
export const NumberRange = ({
  value,
  onChange,
  label,
}: {
  value?: Range;
  onChange?: (v: Range | undefined) => void;
  label: string;
}) => {
  const { t } = useTranslation();
  const [from, to] = value ?? [undefined, undefined];
  const set = (next: Range) => onChange?.(next[0] || next[1] ? next : undefined);
  const clean = (s: string) => s.replace(/[^\d.]/g, "") || undefined;
  return (
    <Space.Compact style={{ width: "100%" }}>
      <Input
        inputMode="decimal"
        aria-label={t("schemaUi.filters.from", { label })}
        placeholder={t("schemaUi.filters.min")}
        value={from ?? ""}
        onChange={(e) => set([clean(e.target.value), to])}
      />
      <Input
        inputMode="decimal"
        aria-label={t("schemaUi.filters.to", { label })}
        placeholder={t("schemaUi.filters.max")}
        value={to ?? ""}
        onChange={(e) => set([from, clean(e.target.value)])}
      />
    </Space.Compact>
  );
};
