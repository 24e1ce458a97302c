import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { Alert, Button, Progress, Space, Steps, Table, Upload } from "antd";
import { useCustom } from "@refinedev/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { IMPORT_LIMIT } from "../../shared/errors";
import { showToast } from "../layout/toast";
import { isApiError } from "../providers/api-error";
import { api } from "../lib/api";
import { downloadFile } from "./download";
import { type ImportChoice, ImportOptions } from "./import-options";

type RowError = { row: number; field: string; message: string };
type Result = {
  total: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: RowError[];
};
type Limits = { maxRows: number; maxBytes: number; exportMaxRows: number };

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Import of any resource: template download, upload with a progress bar, then either the count
 * imported, updated and skipped, or the per-row problems (downloadable as a report). The server
 * writes all or nothing unless the user asks for the valid rows to go in.
 */
export const SchemaImport = ({ resource, onDone }: { resource: string; onDone?: () => void }) => {
  const { t } = useTranslation();
  const { result: limitsResult } = useCustom<Limits>({
    url: `/api/${resource}/import-limits`,
    method: "get",
  });
  const limits = limitsResult?.data;
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [limitError, setLimitError] = useState<string | null>(null);
  const [choice, setChoice] = useState<ImportChoice>({ onDuplicate: "stop", partial: false });

  const upload = async (file: File) => {
    setResult(null);
    setLimitError(null);
    if (limits && file.size > limits.maxBytes) {
      setLimitError(
        t("schemaUi.import.tooLarge", { size: Math.floor(limits.maxBytes / 1024 / 1024) }),
      );
      return;
    }
    setPercent(0);
    try {
      const query = new URLSearchParams({
        onDuplicate: choice.onDuplicate,
        partial: String(choice.partial),
      });
      const result = await api.post<Result>(`/${resource}/import?${query}`, file, {
        headers: { "Content-Type": XLSX },
        timeout: 0,
        onUploadProgress: (e) =>
          setPercent(e.total ? Math.min(99, Math.round((e.loaded / e.total) * 100)) : 50),
      });
      setPercent(100);
      setResult(result);
      // A partial import is said by its warning below, not by a green toast beside it.
      if (result.imported + result.updated > 0 && result.errors.length === 0)
        showToast({ message: summary(result), color: "success" });
    } catch (error) {
      setPercent(null);
      // 5001006: the http client shows no toast; this page says it in its own words.
      if (isApiError(error) && error.code === IMPORT_LIMIT)
        setLimitError(t("schemaUi.import.limit", { max: limits?.maxRows }));
    }
  };

  const summary = (r: Result) =>
    t("schemaUi.import.summary", {
      count: r.total,
      imported: r.imported,
      updated: r.updated,
      unchanged: r.unchanged,
      skipped: r.skipped,
    });
  const written = result ? result.imported + result.updated : 0;

  const report = async () => {
    if (!result) return;
    await downloadFile(`/${resource}/import-report`, {
      body: { errors: result.errors },
      name: `${resource}-import-errors.xlsx`,
    });
  };

  return (
    <Space
      direction="vertical"
      size="large"
      className="schema-import-steps"
      style={{ width: "100%" }}
    >
      <Steps
        direction="vertical"
        items={[
          {
            status: "process",
            title: t("schemaUi.import.template"),
            description: (
              <Space direction="vertical">
                {limits ? (
                  <span>
                    {t("schemaUi.import.templateHint", {
                      max: limits.maxRows,
                      size: Math.floor(limits.maxBytes / 1024 / 1024),
                    })}
                  </span>
                ) : null}
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void downloadFile(`/${resource}/import-template`, {
                      name: `${resource}-template.xlsx`,
                    })
                  }
                >
                  {t("schemaUi.import.template")}
                </Button>
              </Space>
            ),
          },
          {
            status: "process",
            title: t("schemaUi.import.title"),
            description: (
              <Space direction="vertical" style={{ width: "100%" }}>
                <ImportOptions
                  value={choice}
                  onChange={setChoice}
                  disabled={percent !== null && percent < 100}
                />
                <Upload.Dragger
                  accept=".xlsx"
                  showUploadList={false}
                  disabled={percent !== null && percent < 100}
                  beforeUpload={(file) => {
                    void upload(file);
                    return false;
                  }}
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p>{t("schemaUi.import.drop")}</p>
                </Upload.Dragger>
              </Space>
            ),
          },
        ]}
      />
      {percent !== null ? (
        <div>
          <Progress
            percent={percent}
            status={
              percent < 100
                ? "active"
                : result?.errors.length && written === 0
                  ? "exception"
                  : "success"
            }
          />
          {percent < 100 ? (
            <span>
              {percent >= 99 ? t("schemaUi.import.processing") : t("schemaUi.import.uploading")}
            </span>
          ) : null}
        </div>
      ) : null}
      {limitError ? <Alert type="error" showIcon message={limitError} /> : null}
      {result && result.errors.length === 0 ? (
        <Alert
          type="success"
          showIcon
          message={summary(result)}
          action={
            onDone ? <Button onClick={onDone}>{t("schemaUi.import.back")}</Button> : undefined
          }
        />
      ) : null}
      {result && result.errors.length > 0 ? (
        <>
          <Alert
            type={written > 0 ? "warning" : "error"}
            showIcon
            message={
              written > 0
                ? t("schemaUi.import.partialDone", {
                    summary: summary(result),
                    problems: t("schemaUi.import.partialFailed", { count: result.errors.length }),
                  })
                : t("schemaUi.import.failed", { count: result.errors.length })
            }
            action={
              <Button icon={<DownloadOutlined />} onClick={() => void report()}>
                {t("schemaUi.import.downloadReport")}
              </Button>
            }
          />
          <Table<RowError>
            size="small"
            rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
            dataSource={result.errors}
            pagination={{ pageSize: 10 }}
            columns={[
              { key: "row", dataIndex: "row", title: t("schemaUi.import.row"), width: 80 },
              { key: "field", dataIndex: "field", title: t("schemaUi.import.field"), width: 200 },
              { key: "message", dataIndex: "message", title: t("schemaUi.import.message") },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
};
