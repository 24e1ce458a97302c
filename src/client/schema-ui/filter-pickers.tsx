import { Cascader, DatePicker, TreeSelect } from "antd";
import { useTranslation } from "react-i18next";

import type { Choice } from "./use-options";

export type PickerKind = "date" | "dateRange" | "cascade" | "tree";

export type PickerProps = {
  kind: PickerKind;
  label: string;
  choices: Choice[];
  // Form.Item hands its control these two; each picker takes its own kind of value.
  value?: unknown;
  onChange?: (...args: never[]) => void;
};

/**
 * The filter controls that weigh the most (antd's date pickers, Cascader, TreeSelect: about 60 KB
 * of compressed JS). A list's first filter row is text and choices, so they load only once a list
 * shows such a filter, not with every list (filter-bar.tsx loads this module lazily).
 */
const FilterPicker = ({ kind, label, choices, ...props }: PickerProps) => {
  const { t } = useTranslation();
  const control = props as object;
  switch (kind) {
    case "date":
      return <DatePicker {...control} style={{ width: "100%" }} aria-label={label} />;
    case "dateRange":
      return (
        <DatePicker.RangePicker
          {...control}
          style={{ width: "100%" }}
          allowEmpty={[true, true]}
          aria-label={label}
        />
      );
    case "cascade":
      return (
        <Cascader
          {...control}
          options={choices}
          changeOnSelect
          placeholder={t("schemaUi.filters.select")}
          aria-label={label}
        />
      );
    case "tree":
      return (
        <TreeSelect
          {...control}
          treeData={choices}
          allowClear
          treeDefaultExpandAll
          placeholder={t("schemaUi.filters.select")}
          aria-label={label}
        />
      );
  }
};

export default FilterPicker;
