import { useOne, type BaseRecord } from "@refinedev/core";
import { Button, Popconfirm, Skeleton, Space } from "antd";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useDelete } from "@refinedev/core";

import type { MenuView } from "../../shared/schema-vocabulary";
import { PageHeader, PagePanel } from "../layout/page-header";
import { mayOnRow, useCan } from "../routing/use-can";
import { SchemaForm } from "./schema-form";
import { SchemaImport } from "./schema-import";
import { SchemaList } from "./schema-list";
import { SchemaShow } from "./schema-show";
import { useResourceSchema } from "./use-schema";

/** i18n namespace of a resource: `court-contacts` -> `courtContacts` (keys are camelCase). */
export const keyOf = (resource: string) =>
  resource.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** `views`: the x-menu views served; a button for a view not served would lead nowhere. */
type PageProps = { resource: string; basePath: string; views?: readonly MenuView[] };

const ALL_VIEWS: readonly MenuView[] = ["list", "show", "create", "edit", "import", "export"];

export const SchemaListPage = ({ resource, basePath, views = ALL_VIEWS }: PageProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t(`${keyOf(resource)}.titles.list`)} />
      <PagePanel>
        <SchemaList
          resource={resource}
          onCreate={views.includes("create") ? () => navigate(`${basePath}/new`) : undefined}
          onImport={views.includes("import") ? () => navigate(`${basePath}/import`) : undefined}
          hasExport={views.includes("export")}
          linkTo={views.includes("show") ? (r) => `${basePath}/${String(r.id)}` : undefined}
        />
      </PagePanel>
    </>
  );
};

export const SchemaCreatePage = ({ resource, basePath }: PageProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t(`${keyOf(resource)}.titles.create`)} />
      <PagePanel>
        <SchemaForm
          resource={resource}
          onSaved={(r) => navigate(`${basePath}/${String(r.id)}`)}
          onCancel={() => navigate(basePath)}
        />
      </PagePanel>
    </>
  );
};

export const SchemaEditPage = ({ resource, basePath }: PageProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  return (
    <>
      <PageHeader title={t(`${keyOf(resource)}.titles.edit`)} />
      <PagePanel>
        <SchemaForm
          resource={resource}
          id={id}
          onSaved={() => navigate(`${basePath}/${id}`)}
          onCancel={() => navigate(`${basePath}/${id}`)}
        />
      </PagePanel>
    </>
  );
};

/** Header with the record's title and actions, then its fields; features add tabs around it. */
export const SchemaShowPage = ({ resource, basePath, views = ALL_VIEWS }: PageProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { schema } = useResourceSchema(resource);
  const { id = "" } = useParams();
  const { result: record } = useOne<BaseRecord>({ resource, id });
  const { mutate: remove } = useDelete();
  const subject = schema?.["x-subject"] ?? "";
  if (!record) return <Skeleton active />;
  return (
    <>
      <PageHeader
        title={String(record[schema?.["x-title"] ?? "name"] ?? t(`${keyOf(resource)}.titles.show`))}
        extra={
          <Space>
            {views.includes("edit") && can("update", subject) && mayOnRow(record, "update") ? (
              <Button onClick={() => navigate(`${basePath}/${id}/edit`)}>
                {t("buttons.edit")}
              </Button>
            ) : null}
            {views.includes("edit") && can("delete", subject) && mayOnRow(record, "delete") ? (
              <Popconfirm
                title={t("schemaUi.deleteConfirm")}
                onConfirm={() =>
                  remove(
                    {
                      resource,
                      id,
                      successNotification: { type: "success", message: t("schemaUi.deleted") },
                    },
                    { onSuccess: () => navigate(basePath) },
                  )
                }
              >
                <Button danger>{t("buttons.delete")}</Button>
              </Popconfirm>
            ) : null}
          </Space>
        }
      />
      <PagePanel>
        <SchemaShow resource={resource} record={record} />
      </PagePanel>
    </>
  );
};

export const SchemaImportPage = ({ resource, basePath }: PageProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t(`${keyOf(resource)}.titles.import`, { defaultValue: t("schemaUi.import.title") })}
      />
      <PagePanel>
        <SchemaImport resource={resource} onDone={() => navigate(basePath)} />
      </PagePanel>
    </>
  );
};
