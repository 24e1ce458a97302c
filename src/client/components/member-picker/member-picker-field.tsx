import { PlusOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Space, Tag } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { MemberPicker } from "./member-picker";
import { usePickerData } from "./use-picker-data";

type Props = {
  /** User ids (antd Form passes value/onChange). */
  value?: string[];
  onChange?: (value: string[]) => void;
  multiple?: boolean;
  buttonLabel?: string;
  id?: string;
};

/** A form control: the chosen people as chips and a button that opens the member picker. */
export const MemberPickerField = ({
  value = [],
  onChange,
  multiple = true,
  buttonLabel,
  id,
}: Props) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = usePickerData(true, true);
  const names = useMemo(() => new Map(data.members.map((m) => [m.userId, m.name])), [data.members]);
  return (
    <Space wrap id={id}>
      {value.map((uid) => (
        <Tag
          key={uid}
          icon={<UserOutlined />}
          closable
          onClose={() => onChange?.(value.filter((v) => v !== uid))}
        >
          {names.get(uid) ?? "…"}
        </Tag>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {buttonLabel ?? t("memberPicker.choose")}
      </Button>
      <MemberPicker
        open={open}
        multiple={multiple}
        value={{ users: value, departments: [] }}
        onCancel={() => setOpen(false)}
        onOk={(picked) => {
          onChange?.(picked.users);
          setOpen(false);
        }}
      />
    </Space>
  );
};
