import { CloseOutlined } from "@ant-design/icons";
import type { WidgetProps } from "@rjsf/utils";
import { Button, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { FileLinks } from "../components/file-links";
import { FileUpload } from "../components/file-upload";

const idsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * `x-ui: {"ui:widget": "attachments"}`: a list of document ids. Files already attached stay
 * (each removable); new ones upload through Documents and join the list.
 */
export const AttachmentsWidget = (props: WidgetProps) => {
  const { t } = useTranslation();
  // The ids the record had when the form opened; uploads are tracked apart and appended.
  const [kept, setKept] = useState(() => idsOf(props.value));
  const [added, setAdded] = useState<string[]>([]);
  const emit = (k: string[], a: string[]) =>
    props.onChange(k.length + a.length > 0 ? [...k, ...a] : undefined);
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {kept.map((id) => (
        <Space key={id} size={4}>
          <FileLinks ids={[id]} />
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t("schemaUi.attachments.remove")}
            disabled={props.disabled || props.readonly}
            onClick={() => {
              const next = kept.filter((x) => x !== id);
              setKept(next);
              emit(next, added);
            }}
          />
        </Space>
      ))}
      <FileUpload
        id={props.id}
        folderId={typeof props.options.folderId === "string" ? props.options.folderId : undefined}
        label={t("schemaUi.attachments.upload")}
        fallbackFolder={t("schemaUi.attachments.folder")}
        onChange={(ids) => {
          setAdded(ids);
          emit(kept, ids);
        }}
        onBusy={(busy) =>
          (props.formContext as { onBusy?: (b: boolean) => void } | undefined)?.onBusy?.(busy)
        }
      />
    </Space>
  );
};
