import { ApartmentOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import {
  Checkbox,
  Empty,
  Input,
  List,
  Modal,
  Radio,
  Space,
  Tabs,
  Tag,
  Tree,
  Typography,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import type { PickerData, PickerMember, PickerMode, PickerValue } from "./types";
import { matchesMember, subtreeIds, toDeptTree, usePickerData } from "./use-picker-data";
import "./member-picker.css";

export type MemberPickerProps = {
  open: boolean;
  /** "users" (default), "departments" or "both". */
  mode?: PickerMode;
  /** Several people/departments (default) or exactly one. */
  multiple?: boolean;
  value?: PickerValue;
  title?: string;
  includeDisabled?: boolean;
  onOk: (
    value: PickerValue,
    picked: { users: PickerMember[]; departments: PickerData["departments"] },
  ) => void;
  onCancel: () => void;
};

const EMPTY_VALUE: PickerValue = { users: [], departments: [] };

/**
 * The one member and department picker: department tree, the caller's member groups, search by
 * name or pinyin initials, single or multiple choice, the chosen ones as chips.
 */
export const MemberPicker = ({
  open,
  mode = "users",
  multiple = true,
  value,
  title,
  includeDisabled = false,
  onOk,
  onCancel,
}: MemberPickerProps) => {
  const { t } = useTranslation();
  const { data, isLoading } = usePickerData(open, includeDisabled);
  const [picked, setPicked] = useState<PickerValue>(value ?? EMPTY_VALUE);
  const [search, setSearch] = useState("");
  const [source, setSource] = useState<{ kind: "dept" | "group"; id: string } | null>(null);

  useEffect(() => {
    if (open) {
      setPicked(value ?? EMPTY_VALUE);
      setSearch("");
    }
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- reset only when reopened

  const tree = useMemo(
    () =>
      toDeptTree(data.departments, (d) => (
        <span>
          <ApartmentOutlined /> {d.name}
        </span>
      )),
    [data.departments],
  );
  const byUser = useMemo(() => new Map(data.members.map((m) => [m.userId, m])), [data.members]);
  const byDept = useMemo(() => new Map(data.departments.map((d) => [d.id, d])), [data.departments]);

  const candidates = useMemo(() => {
    if (search.trim()) return data.members.filter((m) => matchesMember(m, search));
    if (!source) return data.members;
    if (source.kind === "group") {
      const ids = new Set(data.groups.find((g) => g.id === source.id)?.memberIds ?? []);
      return data.members.filter((m) => ids.has(m.userId));
    }
    const ids = subtreeIds(data.departments, source.id);
    return data.members.filter((m) => m.departmentIds.some((d) => ids.has(d)));
  }, [data, search, source]);

  const pickUsers = mode !== "departments";
  const pickDepts = mode !== "users";

  const toggle = (kind: keyof PickerValue, id: string, on: boolean) =>
    setPicked((prev) => {
      const others = multiple ? prev : EMPTY_VALUE;
      const list = on
        ? [...new Set([...(multiple ? prev[kind] : []), id])]
        : prev[kind].filter((x) => x !== id);
      return { ...others, [kind]: list };
    });

  const chips = [
    ...picked.departments.map((id) => ({
      kind: "departments" as const,
      id,
      label: byDept.get(id)?.name ?? id,
      icon: <ApartmentOutlined />,
    })),
    ...picked.users.map((id) => ({
      kind: "users" as const,
      id,
      label: byUser.get(id)?.name ?? id,
      icon: <UserOutlined />,
    })),
  ];

  const confirm = () =>
    onOk(picked, {
      users: picked.users.flatMap((id) => byUser.get(id) ?? []),
      departments: picked.departments.flatMap((id) => byDept.get(id) ?? []),
    });

  const deptTree = (
    <Tree
      // Remounted once the departments arrive: defaultExpandAll only acts on the first render.
      key={data.departments.length}
      className="member-picker-tree"
      treeData={tree}
      defaultExpandAll
      blockNode
      checkable={pickDepts}
      checkStrictly
      checkedKeys={picked.departments}
      onCheck={(_, info) => toggle("departments", String(info.node.key), info.checked)}
      selectedKeys={source?.kind === "dept" ? [source.id] : []}
      onSelect={(keys) => setSource(keys[0] ? { kind: "dept", id: String(keys[0]) } : null)}
    />
  );

  const groupList = (
    <List
      size="small"
      dataSource={data.groups}
      locale={{ emptyText: t("memberPicker.noGroups") }}
      renderItem={(g) => (
        <List.Item
          className={
            source?.kind === "group" && source.id === g.id
              ? "member-picker-row is-active"
              : "member-picker-row"
          }
          onClick={() => setSource({ kind: "group", id: g.id })}
        >
          <Space>
            <TeamOutlined />
            {g.name}
            <Typography.Text type="secondary">
              {t("memberPicker.count", { count: g.memberIds.length })}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );

  return (
    <Modal
      open={open}
      title={title ?? t(`memberPicker.titles.${mode}`)}
      width={780}
      onOk={confirm}
      onCancel={onCancel}
      okText={t("memberPicker.confirm", { count: chips.length })}
      cancelText={t("buttons.cancel")}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t("memberPicker.search")}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label={t("memberPicker.search")}
      />
      <div className="member-picker-body">
        <div className="member-picker-source">
          <Tabs
            size="small"
            items={[
              { key: "org", label: t("memberPicker.tabs.departments"), children: deptTree },
              ...(pickUsers
                ? [{ key: "groups", label: t("memberPicker.tabs.groups"), children: groupList }]
                : []),
            ]}
          />
        </div>
        {pickUsers ? (
          <div className="member-picker-candidates" aria-label={t("memberPicker.candidates")}>
            <List<PickerMember>
              size="small"
              loading={isLoading}
              dataSource={candidates}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={t("memberPicker.noMatch")}
                  />
                ),
              }}
              renderItem={(m) => {
                const checked = picked.users.includes(m.userId);
                const control = multiple ? (
                  <Checkbox
                    checked={checked}
                    onChange={(e) => toggle("users", m.userId, e.target.checked)}
                  >
                    {m.name}
                  </Checkbox>
                ) : (
                  <Radio checked={checked} onChange={() => toggle("users", m.userId, true)}>
                    {m.name}
                  </Radio>
                );
                return (
                  <List.Item className="member-picker-row">
                    {control}
                    <Typography.Text type="secondary">{m.position || m.username}</Typography.Text>
                  </List.Item>
                );
              }}
            />
          </div>
        ) : null}
      </div>
      <div className="member-picker-chips" aria-label={t("memberPicker.selected")}>
        <Typography.Text type="secondary">
          {t("memberPicker.selectedCount", { count: chips.length })}
        </Typography.Text>
        {chips.map((c) => (
          <Tag
            key={`${c.kind}-${c.id}`}
            icon={c.icon}
            closable
            onClose={() => toggle(c.kind, c.id, false)}
          >
            {c.label}
          </Tag>
        ))}
      </div>
    </Modal>
  );
};
