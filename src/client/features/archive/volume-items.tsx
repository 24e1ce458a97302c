import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Checkbox, Select, Space, Table } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import type { VolumeItem } from "../../../shared/contracts/archive";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import type { VolumeView } from "./api";

type Row = {
  key: string;
  kind: VolumeItem["kind"];
  fileId: string | null;
  name: string;
  included: boolean;
};

const PART_KEYS: Record<string, string> = {
  cover: "cover",
  contents: "contents",
  "closing-note": "closingNote",
  "quality-card": "qualityCard",
};

const toRows = (items: VolumeItem[], partName: (kind: string) => string): Row[] =>
  items.map((i) => ({
    key: i.id,
    kind: i.kind,
    fileId: i.fileId,
    name:
      i.kind === "file"
        ? (i.name ?? "")
        : i.kind === "quality-card"
          ? `${partName(i.kind)}${i.name ? `: ${i.name}` : ""}`
          : partName(i.kind),
    included: i.included,
  }));

/**
 * The volume's items in order. While the volume is a draft the archivist orders them (up/down
 * buttons, each named by its item), leaves some out, adds files of the case folder and saves the
 * lot with the volume's version; the cover and contents stay first and the closing note last.
 */
export const VolumeItems = ({
  volume,
  editable,
  onSaved,
}: {
  volume: VolumeView;
  editable: boolean;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const partName = (kind: string) => t(`archive.parts.${PART_KEYS[kind]}`);
  const [rows, setRows] = useState<Row[]>(() => toRows(volume.items, partName));
  const [adding, setAdding] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    setRows(toRows(volume.items, partName));
    setDirty(false);
  }, [volume]);

  const movable = (r: Row) => r.fileId !== null;
  const change = (next: Row[]) => {
    setRows(next);
    setDirty(true);
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (!rows[target] || !movable(rows[target])) return;
    const next = [...rows];
    [next[index], next[target]] = [next[target], next[index]];
    change(next);
  };
  const add = () => {
    const added = volume.available
      .filter((f) => adding.includes(f.id))
      .map((f) => ({
        key: f.id,
        kind: "file" as const,
        fileId: f.id,
        name: f.name,
        included: true,
      }));
    const tail = rows.findIndex((r) => r.kind === "closing-note");
    const at = tail < 0 ? rows.length : tail;
    change([...rows.slice(0, at), ...added, ...rows.slice(at)]);
    setAdding([]);
  };
  const save = async () => {
    setSaving(true);
    try {
      await api.put(`/archive-volumes/${volume.id}/items`, {
        version: volume.version,
        items: rows.filter(movable).map((r) => ({ fileId: r.fileId, included: r.included })),
      });
      showToast({ message: t("archiveUi.volume.saved"), color: "success" });
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  const pending = volume.available.filter((f) => !rows.some((r) => r.fileId === f.id));

  return (
    <>
      <Table<Row>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: "no", title: t("archive.fields.no"), width: 64, render: (_, __, i) => i + 1 },
          { key: "name", title: t("archive.fields.title"), dataIndex: "name" },
          {
            key: "included",
            title: t("archiveUi.volume.included"),
            width: 110,
            render: (_, r, i) =>
              movable(r) ? (
                <Checkbox
                  aria-label={t("archiveUi.volume.includeItem", { name: r.name })}
                  checked={r.included}
                  disabled={!editable}
                  onChange={(e) =>
                    change(rows.map((x, n) => (n === i ? { ...x, included: e.target.checked } : x)))
                  }
                />
              ) : (
                t("archiveUi.volume.generated")
              ),
          },
          ...(editable
            ? [
                {
                  key: "order",
                  title: t("archiveUi.volume.order"),
                  width: 110,
                  render: (_: unknown, r: Row, i: number) =>
                    movable(r) ? (
                      <Space size={4}>
                        <Button
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={t("archiveUi.volume.moveUp", { name: r.name })}
                          disabled={!rows[i - 1] || !movable(rows[i - 1])}
                          onClick={() => move(i, -1)}
                        />
                        <Button
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={t("archiveUi.volume.moveDown", { name: r.name })}
                          disabled={!rows[i + 1] || !movable(rows[i + 1])}
                          onClick={() => move(i, 1)}
                        />
                      </Space>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {editable ? (
        <Space wrap style={{ marginTop: 12 }}>
          <Select
            mode="multiple"
            aria-label={t("archiveUi.volume.addFromFolder")}
            placeholder={t("archiveUi.volume.addFromFolder")}
            style={{ minWidth: 280 }}
            value={adding}
            onChange={setAdding}
            options={pending.map((f) => ({ value: f.id, label: f.name }))}
            notFoundContent={t("archiveUi.volume.noMoreFiles")}
          />
          <Button icon={<PlusOutlined />} disabled={adding.length === 0} onClick={add}>
            {t("archiveUi.volume.add")}
          </Button>
          <Button type="primary" disabled={!dirty} loading={saving} onClick={() => void save()}>
            {t("archiveUi.volume.saveItems")}
          </Button>
        </Space>
      ) : null}
    </>
  );
};
