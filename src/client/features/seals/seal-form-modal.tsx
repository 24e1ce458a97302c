import { Form, Input, Modal, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { isApiError } from "../../providers/api-error";
import { api } from "../../lib/api";
import { useMembers } from "../../lib/members";
import { FileUpload } from "../../components/file-upload";

export const SEAL_TYPES = ["official", "contract", "finance", "legal-rep", "electronic"];
const STATUSES = ["active", "suspended", "retired"];

export type SealRecord = {
  id: string;
  version: number;
  name: string;
  sealType: string;
  sealingFirm: string;
  custodianId: string;
  sealStatus: string;
  imageFileIds: string[];
};

type Props = { seal?: SealRecord; open: boolean; onClose: () => void; onSaved: () => void };

/** Adds or edits a seal of the registry; an electronic seal needs the image of its impression. */
export const SealFormModal = ({ seal, open, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Omit<SealRecord, "id" | "version" | "imageFileIds">>();
  const { data: members = [] } = useMembers();
  const [image, setImage] = useState<string[]>(seal?.imageFileIds ?? []);
  const [isBusy, setBusy] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [imageError, setImageError] = useState<string>();
  const sealType = Form.useWatch("sealType", form);
  useEffect(() => {
    if (seal) form.setFieldsValue(seal);
  }, [seal, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (values.sealType === "electronic" && image.length === 0) {
      setImageError(t("seals.form.imageRequired"));
      return;
    }
    setSaving(true);
    try {
      const body = { ...values, ...(image.length > 0 ? { imageFileIds: image } : {}) };
      if (seal) await api.patch(`/seals/${seal.id}`, { ...body, version: seal.version });
      else await api.post("/seals", body);
      onSaved();
    } catch (err) {
      if (isApiError(err)) {
        const image = err.fields.find((f) => f.field === "imageFileIds");
        if (image) setImageError(image.message);
        form.setFields(
          err.fields
            .filter((f) => f.field !== "imageFileIds")
            .map((f) => ({ name: f.field as never, errors: [f.message] })),
        );
      }
    } finally {
      setSaving(false);
    }
  };
  const required = [{ required: true, whitespace: true, message: t("contracts.form.required") }];
  return (
    <Modal
      open={open}
      title={t(seal ? "seals.titles.edit" : "seals.titles.create")}
      onOk={() => void save()}
      okText={t("buttons.save")}
      okButtonProps={{ loading: isSaving, disabled: isBusy }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ sealStatus: "active", sealType: "official" }}
      >
        <Form.Item name="name" label={t("seals.fields.name")} rules={[...required, { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="sealType" label={t("seals.fields.sealType")} rules={required}>
          <Select options={SEAL_TYPES.map((v) => ({ value: v, label: t(`seals.types.${v}`) }))} />
        </Form.Item>
        <Form.Item
          name="sealingFirm"
          label={t("seals.fields.sealingFirm")}
          rules={[...required, { max: 100 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="custodianId" label={t("seals.fields.custodianId")} rules={required}>
          <Select
            showSearch
            optionFilterProp="label"
            options={members.map((m) => ({ value: m.id, label: m.name }))}
          />
        </Form.Item>
        <Form.Item name="sealStatus" label={t("seals.fields.sealStatus")} rules={required}>
          <Select options={STATUSES.map((v) => ({ value: v, label: t(`seals.statuses.${v}`) }))} />
        </Form.Item>
        <Form.Item
          label={t("seals.fields.imageFileIds")}
          htmlFor="seal-image"
          required={sealType === "electronic"}
          validateStatus={imageError ? "error" : undefined}
          help={imageError}
        >
          <FileUpload
            id="seal-image"
            max={1}
            accept="image/png,image/jpeg,image/webp"
            onChange={(ids) => {
              if (ids.length > 0) {
                setImage(ids);
                setImageError(undefined);
              }
            }}
            onBusy={setBusy}
            label={t("seals.form.uploadImage")}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
