import { Alert, Descriptions, Empty, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { api } from "../../lib/api";
import type { DocFile } from "./types";

type TextPreview = { kind: "text"; text: string; encoding: string; truncated: boolean };
type EmailPreview = {
  kind: "email";
  from: string;
  to: string;
  cc: string;
  subject: string;
  date: string;
  text: string;
};
type Preview = TextPreview | EmailPreview | { kind: "office" };

const TEXT = /\.(txt|md|csv|json|xml|log)$/i;
const OFFICE = /\.(docx|doc|xlsx|xls|pptx|ppt|odt|ods|odp|wps|rtf)$/i;
/** Files the server previews (text as text, office files as PDF, e-mail as headers and text). */
export const isServerPreview = (name: string) =>
  TEXT.test(name) || OFFICE.test(name) || /\.eml$/i.test(name);

/** A refused blob request still carries the JSON envelope: its translated msg is the message. */
const messageOf = async (error: unknown) => {
  const data = (error as { response?: { data?: unknown } }).response?.data;
  if (data instanceof Blob) {
    try {
      return String((JSON.parse(await data.text()) as { msg?: string }).msg ?? "");
    } catch {
      return "";
    }
  }
  return error instanceof Error ? error.message : "";
};

/**
 * The server-made previews: text shown as text (React escapes it; nothing in the file is run or
 * rendered), an e-mail as its headers and text, an office file as the PDF the server made of it.
 */
export const ServerPreview = ({ file }: { file: DocFile }) => {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let objectUrl: string | null = null;
    const load = async () => {
      const answer = await api.get<Preview>(`/documents/files/${file.id}/preview`);
      if (!isCurrent) return;
      setPreview(answer);
      if (answer.kind !== "office") return;
      const pdf = await api.get<Blob>(`/documents/files/${file.id}/preview.pdf`, {
        responseType: "blob",
        timeout: 0,
      });
      objectUrl = URL.createObjectURL(new Blob([pdf], { type: "application/pdf" }));
      if (isCurrent) setPdfUrl(objectUrl);
    };
    load().catch(async (err: unknown) => {
      const msg = await messageOf(err);
      if (isCurrent) setError(msg || t("documents.preview.unsupported"));
    });
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file, t]);

  if (error) return <Empty description={error} />;
  if (!preview || (preview.kind === "office" && !pdfUrl)) {
    return (
      <Spin
        tip={t(
          preview?.kind === "office" ? "documents.preview.converting" : "documents.preview.loading",
        )}
      >
        <div className="doc-preview-wait" />
      </Spin>
    );
  }
  if (preview.kind === "office")
    return <iframe className="doc-preview-frame" src={pdfUrl ?? undefined} title={file.name} />;
  if (preview.kind === "email") {
    return (
      <>
        <Descriptions size="small" column={1} bordered className="doc-preview-mail">
          {(["from", "to", "cc", "subject", "date"] as const)
            .filter((k) => preview[k])
            .map((k) => (
              <Descriptions.Item key={k} label={t(`documents.preview.${k}`)}>
                {preview[k]}
              </Descriptions.Item>
            ))}
        </Descriptions>
        <pre className="doc-preview-text">{preview.text}</pre>
      </>
    );
  }
  return (
    <>
      <div className="doc-preview-meta">
        {t("documents.preview.encoding", { encoding: preview.encoding })}
      </div>
      {preview.truncated ? (
        <Alert type="info" showIcon message={t("documents.preview.truncated")} />
      ) : null}
      <pre className="doc-preview-text" tabIndex={0} aria-label={file.name}>
        {preview.text}
      </pre>
    </>
  );
};
