import { DownloadOutlined, RedoOutlined, UndoOutlined, UploadOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useList, useNotification } from "@refinedev/core";
import { Alert, Badge, Button, Skeleton, Space, Tabs, Tag, Tooltip } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";

import {
  type Definition,
  type FlowNode,
  findNode,
  type NodeType,
  nodeAtPath,
  textOf,
} from "../../../../shared/workflow";
import { usePickerData } from "../../../components/member-picker";
import { PageHeader } from "../../../layout/page-header";
import { isApiError } from "../../../providers/api-error";
import { api as server } from "../../../lib/api";
import { handleHttpFailure } from "../../../providers/http-errors";
import { WORKFLOW_API } from "../types";
import "../workflow.css";
import { BranchDrawer } from "./branch-drawer";
import type { DesignerApi } from "./canvas-parts";
import { DesignerCanvas } from "./designer-canvas";
import { FormTab } from "./form-tab";
import { NodeDrawer } from "./node-drawer";
import { FIELD_PATH, type ServerProblems, useProblems } from "./publish-problems";
import { SettingsTab } from "./settings-tab";
import {
  addBranch,
  type InsertAt,
  insertNode,
  newNode,
  removeBranch,
  removeNode,
  updateNode,
} from "./tree-ops";
import { useHistory } from "./use-history";
import "./designer.css";

type DefinitionRecord = {
  id: string;
  key: string;
  draft: Definition;
  version: number;
  currentVersionNo: number;
  isArchived: boolean;
};

/**
 * The workflow designer: the flow on a canvas, the form and the settings; undo/redo, import and
 * export as JSON; publishing is refused until the shared validator passes, pointing at nodes.
 */
export const DesignerPage = () => {
  const { t, i18n } = useTranslation();
  const { open: notify } = useNotification();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const { result, query } = useCustom<DefinitionRecord>({
    url: `${WORKFLOW_API}/definitions/${id}`,
    method: "get",
  });
  const record = result?.data?.id ? result.data : undefined;
  const history = useHistory<Definition>();
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<{ id: string; branch: number | null } | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [serverProblems, setServerProblems] = useState<ServerProblems | null>(null);
  const [tab, setTab] = useState("flow");
  const fileRef = useRef<HTMLInputElement>(null);
  const { mutateAsync, mutation } = useCustomMutation<DefinitionRecord>();
  const { data: picker } = usePickerData(true, true);
  const roles =
    useList<{ id: string; name: string }>({ resource: "roles", pagination: { mode: "off" } }).result
      ?.data ?? [];
  const departments =
    useList<{ id: string; name: string }>({ resource: "departments", pagination: { mode: "off" } })
      .result?.data ?? [];
  const { reset } = history;

  useEffect(() => {
    if (record?.draft && record.version !== version) {
      reset(record.draft);
      setVersion(record.version);
    }
    // Only a freshly loaded record replaces the canvas.
  }, [record]); // eslint-disable-line react-hooks/exhaustive-deps

  const def = history.present;
  const { errors, errorsByNode, errorsByField, formErrors } = useProblems(def, serverProblems);

  const names = useMemo(
    () => ({
      users: new Map(picker.members.map((m) => [m.userId, m.name])),
      roles: new Map(roles.map((r) => [r.id, r.name])),
    }),
    [picker.members, roles],
  );
  const nodeNames = useMemo(
    () => ({
      approval: t("workflow.nodeTypes.approval"),
      handler: t("workflow.nodeTypes.handler"),
      cc: t("workflow.nodeTypes.cc"),
      exclusive: t("workflow.nodeTypes.exclusive"),
      parallel: t("workflow.nodeTypes.parallel"),
      branch: t("workflow.designer.branch"),
      default: t("workflow.designer.otherwise"),
    }),
    [t],
  );
  const set = history.set;
  const api: DesignerApi = useMemo(
    () => ({
      selectedId: selected?.id ?? null,
      names,
      onAdd: (at: InsertAt, type: NodeType) => {
        if (!def) return;
        const node = newNode(def, type, nodeNames);
        set(insertNode(def, at, node));
        if (type !== "exclusive" && type !== "parallel") setSelected({ id: node.id, branch: null });
      },
      onSelect: (nodeId, branch) => setSelected({ id: nodeId, branch: branch ?? null }),
      onRemove: (nodeId) => def && set(removeNode(def, nodeId)),
      onAddBranch: (gatewayId) => def && set(addBranch(def, gatewayId, nodeNames.branch)),
    }),
    [def, names, nodeNames, selected, set],
  );
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (
        !(e.ctrlKey || e.metaKey) ||
        e.key.toLowerCase() !== "z" ||
        (e.target as HTMLElement).closest("input, textarea")
      )
        return;
      e.preventDefault();
      if (e.shiftKey) history.redo();
      else history.undo();
    },
    [history],
  );
  useEffect(() => {
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onKey]);

  if (query.isLoading || !record || !def) return <Skeleton active />;
  const selectedNode = selected ? findNode(def.nodes, selected.id) : undefined;
  const change = (node: FlowNode) => set(updateNode(def, node.id, () => node));

  const save = async () => {
    const res = await mutateAsync({
      url: `${WORKFLOW_API}/definitions/${id}/draft`,
      method: "put",
      values: { draft: def, version },
      successNotification: false,
    });
    setVersion(res.data.version);
    history.markSaved();
    return res.data.version;
  };
  const onSave = async () => {
    await save();
    notify?.({ type: "success", message: t("workflow.messages.saved") });
  };
  const onPublish = async () => {
    if (errors.length > 0) {
      setShowErrors(true);
      return;
    }
    const v = await save();
    setServerProblems(null);
    try {
      // Called directly: a 422 with field problems is shown on the canvas, not as a toast.
      const published = await server.post<DefinitionRecord>(
        `${WORKFLOW_API}/definitions/${id}/publish`,
        { version: v },
        { skipErrorHandler: true },
      );
      setVersion(published.version);
      notify?.({
        type: "success",
        message: t("workflow.messages.published", { n: published.currentVersionNo }),
      });
      await query.refetch();
    } catch (err) {
      if (isApiError(err) && err.statusCode === 422 && err.fields.length > 0) {
        setServerProblems({
          draft: def,
          items: err.fields.map((f) => ({
            path: f.field,
            message: f.message,
            nodeId: nodeAtPath(def.nodes, f.field)?.id,
          })),
        });
        setShowErrors(true);
        return;
      }
      if (isApiError(err)) handleHttpFailure(err);
    }
  };
  const onExport = () => {
    const blob = new Blob([JSON.stringify(def, null, 2)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${record.key}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const onImport = async (file: File) => {
    try {
      const parsed = JSON.parse(await file.text()) as Definition;
      if (!parsed || !Array.isArray(parsed.nodes) || typeof parsed.form !== "object")
        throw new Error("shape");
      set({ ...parsed, key: record.key });
      notify?.({ type: "success", message: t("workflow.messages.imported") });
    } catch {
      notify?.({ type: "error", message: t("workflow.designer.jsonInvalid") });
    }
  };

  const gateway =
    selectedNode && (selectedNode.type === "exclusive" || selectedNode.type === "parallel")
      ? selectedNode
      : undefined;
  return (
    <>
      <PageHeader
        title={
          <span>
            {typeof def.name === "string" ? def.name : def.name["zh-CN"]}{" "}
            <Tag>
              {record.currentVersionNo
                ? `v${record.currentVersionNo}`
                : t("workflow.messages.draftOnly")}
            </Tag>
            {record.isArchived ? <Tag color="default">{t("workflow.archive.tag")}</Tag> : null}
            {history.isDirty ? <Tag color="orange">{t("workflow.designer.unsaved")}</Tag> : null}
          </span>
        }
        extra={
          <Space wrap>
            <Tooltip title={t("buttons.undo")}>
              <Button
                icon={<UndoOutlined />}
                disabled={!history.canUndo}
                onClick={history.undo}
                aria-label={t("buttons.undo")}
              />
            </Tooltip>
            <Tooltip title={t("workflow.designer.redo")}>
              <Button
                icon={<RedoOutlined />}
                disabled={!history.canRedo}
                onClick={history.redo}
                aria-label={t("workflow.designer.redo")}
              />
            </Tooltip>
            <Button icon={<UploadOutlined />} onClick={() => fileRef.current?.click()}>
              {t("buttons.import")}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={onExport}>
              {t("buttons.export")}
            </Button>
            <Button onClick={() => navigate("/workflow/definitions")}>
              {t("workflow.designer.back")}
            </Button>
            <Button loading={mutation.isPending} onClick={() => void onSave()}>
              {t("buttons.save")}
            </Button>
            <Tooltip title={record.isArchived ? t("workflow.archive.publishHint") : undefined}>
              <Button
                type="primary"
                loading={mutation.isPending}
                disabled={record.isArchived}
                onClick={() => void onPublish()}
              >
                {t("workflow.actions.publish")}
              </Button>
            </Tooltip>
          </Space>
        }
      />
      <input
        ref={fileRef}
        type="file"
        accept="application/json,.json"
        hidden
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void onImport(f);
          e.target.value = "";
        }}
      />
      {showErrors && errors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setShowErrors(false)}
          message={t("errors.workflow.publish.invalid", { count: errors.length })}
          description={
            <ul className="wf-error-list">
              {errors.map((e, i) => {
                const field = FIELD_PATH.exec(e.path)?.[1];
                return (
                  <li key={i}>
                    {e.nodeId ? (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => {
                          setTab("flow");
                          setSelected({ id: e.nodeId as string, branch: null });
                        }}
                      >
                        {textOf(findNode(def.nodes, e.nodeId)?.name, i18n.language) || e.nodeId}
                      </Button>
                    ) : null}
                    {field || e.path === "form" ? (
                      <Button type="link" size="small" onClick={() => setTab("form")}>
                        {t("workflow.designer.formTab")}
                        {field ? ` · ${field}` : ""}
                      </Button>
                    ) : null}
                    {e.message}
                  </li>
                );
              })}
            </ul>
          }
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Tabs
        className="wf-designer-tabs"
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: "flow",
            label: t("workflow.designer.flowTab"),
            children: <DesignerCanvas def={def} errorsByNode={errorsByNode} api={api} />,
          },
          {
            key: "form",
            label:
              errorsByField.size > 0 || formErrors.length > 0 ? (
                <Badge status="error" text={t("workflow.designer.formTab")} />
              ) : (
                t("workflow.designer.formTab")
              ),
            children: (
              <FormTab
                def={def}
                onChange={set}
                errorsByField={errorsByField}
                formErrors={formErrors}
              />
            ),
          },
          {
            key: "settings",
            label: t("workflow.designer.settingsTab"),
            children: (
              <SettingsTab def={def} roles={roles} departments={departments} onChange={set} />
            ),
          },
        ]}
      />
      <NodeDrawer
        def={def}
        node={selected?.branch === null ? selectedNode : undefined}
        roles={roles}
        onChange={change}
        onClose={() => setSelected(null)}
      />
      <BranchDrawer
        def={def}
        gateway={gateway}
        branch={selected?.branch ?? null}
        roles={roles}
        departments={departments}
        onChange={change}
        onRemoveBranch={(g, b) => set(removeBranch(def, g, b))}
        onClose={() => setSelected(null)}
      />
    </>
  );
};
