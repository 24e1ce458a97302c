import { FolderOpenOutlined, FolderOutlined } from "@ant-design/icons";
import { Tree, type TreeDataNode } from "antd";
import { type Key, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import type { DocFolder } from "./types";

export const ALL = "all";

/** Nested tree data from the flat folder list, siblings by name. */
export const toTree = (folders: DocFolder[], parentId: string | null = null): TreeDataNode[] =>
  folders
    .filter((f) => f.parentId === parentId)
    .sort((a, b) => a.name.localeCompare(b.name, "zh-CN"))
    .map((f) => ({ key: f.id, title: f.name, children: toTree(folders, f.id) }));

type Props = { folders: DocFolder[]; selected: string; onSelect: (key: string) => void };

/** The folder tree under an "All files" node; selecting a folder filters the file list. */
export const FolderTree = ({ folders, selected, onSelect }: Props) => {
  const { t } = useTranslation();
  // Controlled: folders arrive after the first render, when defaultExpandAll has already run.
  const [expanded, setExpanded] = useState<Key[]>([ALL]);
  const data = useMemo<TreeDataNode[]>(
    () => [
      {
        key: ALL,
        title: t("documents.tree.all"),
        icon: <FolderOpenOutlined />,
        children: toTree(folders),
      },
    ],
    [folders, t],
  );
  return (
    <Tree
      className="doc-tree"
      showIcon
      blockNode
      expandedKeys={expanded}
      onExpand={setExpanded}
      icon={<FolderOutlined />}
      treeData={data}
      selectedKeys={[selected]}
      onSelect={(keys, info) => {
        onSelect(keys.length ? String(keys[0]) : ALL);
        const key = info.node.key;
        if (!expanded.includes(key)) setExpanded([...expanded, key]);
      }}
    />
  );
};
