import { Form, Input, Modal } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import { checkName, invalidCharsText, visibleName } from "../../../shared/name-rules";

type Props = {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  isSaving?: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
};

/** Asks for a file or folder name, with the same rules the server applies. */
export const NameModal = ({
  open,
  title,
  label,
  initial = "",
  isSaving,
  onSubmit,
  onCancel,
}: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial });
  }, [open, initial, form]);

  const validate = async (_: unknown, value: string) => {
    const problem = checkName(value ?? "");
    if (problem)
      throw new Error(
        t(`errors.documents.name.${problem}`, {
          name: visibleName(value ?? ""),
          chars: invalidCharsText(),
        }),
      );
  };

  return (
    <Modal
      open={open}
      title={title}
      okButtonProps={{ loading: isSaving }}
      // A refused name is shown under the field; the rejected promise is not an error to report.
      onOk={() =>
        void form.validateFields().then(
          (v) => onSubmit(v.name),
          () => undefined,
        )
      }
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.name)}>
        <Form.Item name="name" label={label} rules={[{ validator: validate }]}>
          <Input autoFocus maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
