import { BookOutlined } from "@ant-design/icons";
import { List, Space, Tag } from "antd";

import { PagePanel } from "../../layout/page-header";

export type DictTypeSummary = { id: string; name: string; itemCount: number };

/** The dictionary types down the left of the page: pick one to see and edit its items. */
export const DictionaryTypeList = <T extends DictTypeSummary>({
  types,
  currentId,
  onSelect,
}: {
  types: T[];
  currentId: string | undefined;
  onSelect: (id: string) => void;
}) => (
  <PagePanel className="dict-types">
    <List<T>
      dataSource={types}
      size="small"
      renderItem={(d) => (
        <List.Item
          className={d.id === currentId ? "dict-type is-active" : "dict-type"}
          onClick={() => onSelect(d.id)}
        >
          <Space>
            <BookOutlined />
            {d.name}
          </Space>
          <Tag>{d.itemCount}</Tag>
        </List.Item>
      )}
    />
  </PagePanel>
);
