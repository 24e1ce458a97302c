import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from "@ant-design/icons";
import { useCustomMutation, useInvalidate, useOne } from "@refinedev/core";
import { Alert, Button, Input, Select, Space, Table, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";

import { isScopedSubject, SCOPES } from "../../../shared/permission-scopes";
import {
  type Action,
  declaredSubject,
  type Subject,
  subjectNames,
} from "../../../shared/permissions";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { replaceRules } from "../../providers/access-control";
import { fetchRules } from "../../providers/session";
import {
  actionsOf,
  type Cell,
  type DenyRow,
  GRID_ACTIONS,
  type Grid,
  gridToRules,
  newDenyKey,
  rulesToGrid,
  type SubjectRow,
} from "./permission-grid";
import type { Role } from "./types";
import "../../components/split-panels.css";
import "./org.css";

/**
 * The role editor: every subject of src/shared/permissions × its actions, each cell "no",
 * "all", "only own" or "only my department"; field restrictions per subject; and exceptions
 * (inverted rules). Saving replaces the role's rules; the caller's own rules are refetched so
 * the menu follows at once.
 */
export const PermissionEditor = () => {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const invalidate = useInvalidate();
  const { result: role, query } = useOne<Role>({ resource: "roles", id });
  const update = useCustomMutation<Role>();
  const [grid, setGrid] = useState<Grid | null>(null);

  useEffect(() => {
    if (role?.rules) setGrid(rulesToGrid(role.rules));
  }, [role]);

  const setRow = (subject: Subject, change: (row: SubjectRow) => SubjectRow) =>
    setGrid((g) =>
      g ? { ...g, rows: g.rows.map((r) => (r.subject === subject ? change(r) : r)) } : g,
    );
  const setDeny = (key: string, change: Partial<DenyRow>) =>
    setGrid((g) =>
      g ? { ...g, denies: g.denies.map((d) => (d.key === key ? { ...d, ...change } : d)) } : g,
    );

  // "Own" and "department" only where records have a responsible person (the server agrees).
  const scopesOf = (subject: Subject) =>
    isScopedSubject(subject) ? SCOPES : SCOPES.filter((s) => s === "all");
  const cellOptions = (subject: Subject) => [
    { value: "none", label: t("org.scopes.none") },
    ...scopesOf(subject).map((s) => ({ value: s, label: t(`org.scopes.${s}`) })),
  ];
  // A schema-declared subject is named by its menu label (or the schema's title).
  const subjectLabel = (s: Subject) => {
    const declared = declaredSubject(s);
    return t(`org.subjects.${s}`, {
      defaultValue: declared ? t(declared.label, { defaultValue: declared.title ?? s }) : s,
    });
  };

  const save = async () => {
    if (!grid || !role) return;
    // PUT /roles/:id/rules: the new rules replace the old ones as a whole.
    await update.mutateAsync({
      url: `/api/roles/${role.id}/rules`,
      method: "put",
      values: { rules: gridToRules(grid), version: role.version },
      successNotification: () => ({ message: t("org.permissions.saved"), type: "success" }),
    });
    replaceRules(await fetchRules());
    void invalidate({ resource: "roles", invalidates: ["list", "detail"], id: role.id });
  };

  const columns = [
    {
      key: "subject",
      title: t("org.permissions.subject"),
      width: 150,
      render: (_: unknown, row: SubjectRow) => (
        <div>
          <div>{subjectLabel(row.subject)}</div>
          <Typography.Text type="secondary" className="org-code">
            {row.subject}
          </Typography.Text>
        </div>
      ),
    },
    ...GRID_ACTIONS.map((action) => ({
      key: action,
      title: t(`org.actions.${action}`),
      width: 84,
      render: (_: unknown, row: SubjectRow) =>
        actionsOf(row.subject).includes(action) ? (
          <Select<Cell>
            size="small"
            value={row.cells[action] ?? "none"}
            options={cellOptions(row.subject)}
            className={`org-cell is-${row.cells[action] ?? "none"}`}
            aria-label={`${subjectLabel(row.subject)} ${t(`org.actions.${action}`)}`}
            onChange={(value) =>
              setRow(row.subject, (r) => ({ ...r, cells: { ...r.cells, [action]: value } }))
            }
            popupMatchSelectWidth={false}
          />
        ) : (
          <span className="org-muted">—</span>
        ),
    })),
    {
      key: "fields",
      title: t("org.permissions.fields"),
      width: 150,
      render: (_: unknown, row: SubjectRow) => (
        <Select
          mode="tags"
          size="small"
          value={row.fields}
          placeholder={t("org.permissions.allFields")}
          style={{ width: "100%" }}
          onChange={(fields: string[]) => setRow(row.subject, (r) => ({ ...r, fields }))}
          open={false}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("org.permissions.title", { name: role?.name ?? "" })}
        extra={
          <Space>
            <Link to="/settings/roles">
              <Button icon={<ArrowLeftOutlined />}>{t("org.permissions.back")}</Button>
            </Link>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={update.mutation.isPending}
              disabled={!grid}
              onClick={() => void save()}
            >
              {t("buttons.save")}
            </Button>
          </Space>
        }
      />
      <PagePanel>
        <Alert type="info" showIcon message={t("org.permissions.help")} className="org-help" />
        <Table<SubjectRow>
          dataSource={grid?.rows ?? []}
          loading={query.isLoading}
          rowKey="subject"
          size="small"
          pagination={false}
          scroll={{ x: 1050 }}
          columns={columns}
        />
      </PagePanel>
      <PagePanel className="org-spaced">
        <div className="page-header">
          <h2 className="org-h2">{t("org.permissions.denies")}</h2>
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              setGrid((g) =>
                g
                  ? {
                      ...g,
                      denies: [
                        ...g.denies,
                        {
                          key: newDenyKey(),
                          subject: subjectNames()[1],
                          actions: [],
                          scope: "all",
                          fields: [],
                          reason: "",
                        },
                      ],
                    }
                  : g,
              )
            }
          >
            {t("org.permissions.addDeny")}
          </Button>
        </div>
        <Table<DenyRow>
          dataSource={grid?.denies ?? []}
          rowKey="key"
          size="small"
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t("org.permissions.noDenies") }}
        >
          <Table.Column<DenyRow>
            key="subject"
            title={t("org.permissions.subject")}
            width={200}
            render={(_, d) => (
              <Select
                size="small"
                style={{ width: "100%" }}
                value={d.subject}
                options={subjectNames().map((s) => ({ value: s, label: subjectLabel(s) }))}
                onChange={(subject: Subject) => setDeny(d.key, { subject, actions: [] })}
              />
            )}
          />
          <Table.Column<DenyRow>
            key="actions"
            title={t("org.permissions.actions")}
            width={240}
            render={(_, d) => (
              <Select<Action[]>
                size="small"
                mode="multiple"
                style={{ width: "100%" }}
                value={d.actions}
                options={actionsOf(d.subject).map((a) => ({
                  value: a,
                  label: t(`org.actions.${a}`),
                }))}
                onChange={(actions) => setDeny(d.key, { actions })}
              />
            )}
          />
          <Table.Column<DenyRow>
            key="scope"
            title={t("org.permissions.scope")}
            width={130}
            render={(_, d) => (
              <Select
                size="small"
                style={{ width: "100%" }}
                value={d.scope}
                options={scopesOf(d.subject).map((s) => ({
                  value: s,
                  label: t(`org.scopes.${s}`),
                }))}
                onChange={(scope) => setDeny(d.key, { scope })}
              />
            )}
          />
          <Table.Column<DenyRow>
            key="fields"
            title={t("org.permissions.fields")}
            width={180}
            render={(_, d) => (
              <Select
                size="small"
                mode="tags"
                open={false}
                style={{ width: "100%" }}
                value={d.fields}
                placeholder={t("org.permissions.allFields")}
                onChange={(fields: string[]) => setDeny(d.key, { fields })}
              />
            )}
          />
          <Table.Column<DenyRow>
            key="reason"
            title={t("org.permissions.reason")}
            render={(_, d) => (
              <Input
                size="small"
                value={d.reason}
                maxLength={200}
                onChange={(e) => setDeny(d.key, { reason: e.target.value })}
              />
            )}
          />
          <Table.Column<DenyRow>
            key="remove"
            width={60}
            render={(_, d) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("buttons.delete")}
                onClick={() =>
                  setGrid((g) =>
                    g ? { ...g, denies: g.denies.filter((x) => x.key !== d.key) } : g,
                  )
                }
              />
            )}
          />
        </Table>
      </PagePanel>
    </>
  );
};
