import { SafetyCertificateOutlined, UploadOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Descriptions, Empty, Form, Input, Modal, Skeleton, Space } from "antd";
import dayjs from "dayjs";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { firmTime } from "../../lib/firm-time";
import "./esign.css";

type Certificate = {
  subject: string;
  fingerprint: string;
  notAfter: string;
  source: "generated" | "uploaded";
  createdAt: string;
  certPem: string;
};

const KEY = ["esign-certificate"];

/** The file's bytes as base64, without the data: prefix the reader puts in front. */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });

/**
 * Settings → Signing certificate (admins): the certificate the firm's sealed PDFs are signed with —
 * made at the first sealing unless one is generated or uploaded (PKCS#12) here — and its PEM to
 * add to readers' trust stores.
 */
export const CertificatePage = () => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<Certificate | null>("/esign/certificate"),
  });
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ passphrase: string }>();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const done = async (message: string) => {
    await queries.invalidateQueries({ queryKey: KEY });
    showToast({ message, color: "success" });
  };
  const generate = () =>
    Modal.confirm({
      title: t("esign.certificate.generateConfirm"),
      content: t("esign.certificate.generateHint"),
      okText: t("esign.certificate.generate"),
      cancelText: t("buttons.cancel"),
      onOk: async () => {
        try {
          await api.post("/esign/certificate/generate", {});
          await done(t("esign.certificate.generated"));
        } catch {
          // The http layer has shown why.
        }
      },
    });
  const upload = async (v: { passphrase: string }) => {
    if (!file) return;
    setBusy(true);
    try {
      await api.post("/esign/certificate", {
        p12Base64: await base64Of(file),
        passphrase: v.passphrase ?? "",
      });
      setUploading(false);
      setFile(null);
      form.resetFields();
      await done(t("esign.certificate.uploaded"));
    } catch {
      // The http layer has shown why (a wrong password, not a PKCS#12); the dialog stays open to fix it.
    } finally {
      setBusy(false);
    }
  };
  const downloadPem = () => {
    if (!data) return;
    const url = URL.createObjectURL(new Blob([data.certPem], { type: "application/x-pem-file" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "firm-signing-certificate.pem";
    a.click();
    URL.revokeObjectURL(url);
  };
  if (isLoading) return <Skeleton active />;
  return (
    <>
      <PageHeader title={t("esign.certificate.title")} />
      <PagePanel>
        {data ? (
          <Descriptions bordered column={1} size="small" className="esign-certificate">
            <Descriptions.Item label={t("esign.certificate.subject")}>
              {data.subject}
            </Descriptions.Item>
            <Descriptions.Item label={t("esign.certificate.fingerprint")}>
              <code className="esign-fingerprint">{data.fingerprint}</code>
            </Descriptions.Item>
            <Descriptions.Item label={t("esign.certificate.notAfter")}>
              {dayjs(data.notAfter).format("YYYY-MM-DD")}
            </Descriptions.Item>
            <Descriptions.Item label={t("esign.certificate.source")}>
              {t(`esign.certificate.sources.${data.source}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t("esign.certificate.createdAt")}>
              {firmTime(data.createdAt)}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={t("esign.certificate.none")} />
        )}
        <p className="esign-certificate-hint">{t("esign.certificate.trustHint")}</p>
        <Space wrap>
          <Button icon={<SafetyCertificateOutlined />} onClick={generate}>
            {t("esign.certificate.generate")}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t("esign.certificate.upload")}
          </Button>
          {data ? (
            <Button onClick={downloadPem}>{t("esign.certificate.downloadPem")}</Button>
          ) : null}
        </Space>
      </PagePanel>
      <Modal
        open={uploading}
        title={t("esign.certificate.upload")}
        okText={t("esign.certificate.uploadOk")}
        cancelText={t("buttons.cancel")}
        okButtonProps={{ disabled: !file, loading: busy }}
        onOk={() => form.submit()}
        onCancel={() => setUploading(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void upload(v)}>
          <Form.Item label={t("esign.certificate.file")} required>
            <input
              ref={fileRef}
              id="esign-p12"
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              hidden
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <Space>
              <Button onClick={() => fileRef.current?.click()}>
                {t("esign.certificate.chooseFile")}
              </Button>
              <span aria-live="polite">{file?.name ?? t("esign.certificate.noFile")}</span>
            </Space>
          </Form.Item>
          <Form.Item name="passphrase" label={t("esign.certificate.passphrase")}>
            <Input.Password autoComplete="off" maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
