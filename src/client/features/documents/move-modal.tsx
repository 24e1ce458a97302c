import { Modal, TreeSelect } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { toTree } from "./folder-tree";
import type { DocFolder } from "./types";

const ROOT = "__root__";

type Props = {
  open: boolean;
  folders: DocFolder[];
  /** A folder being moved cannot go into itself: its id is left out of the choices. */
  excludeId?: string;
  onSubmit: (folderId: string | null) => void;
  onCancel: () => void;
};

export const MoveModal = ({ open, folders, excludeId, onSubmit, onCancel }: Props) => {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>(ROOT);
  useEffect(() => {
    if (open) setTarget(ROOT);
  }, [open]);
  const data = useMemo(
    () => [
      {
        key: ROOT,
        value: ROOT,
        title: t("documents.tree.root"),
        children: toTree(folders.filter((f) => f.id !== excludeId)),
      },
    ],
    [folders, excludeId, t],
  );
  return (
    <Modal
      open={open}
      title={t("documents.actions.move")}
      onOk={() => onSubmit(target === ROOT ? null : target)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <TreeSelect
        className="doc-move-select"
        aria-label={t("documents.fields.target")}
        treeData={data}
        value={target}
        onChange={setTarget}
        treeDefaultExpandAll
        fieldNames={{ label: "title", value: "key" }}
      />
    </Modal>
  );
};
