import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Form, Pagination, Radio, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { FormSelect } from "../../../components/form-select";
import { SIGNER_COLORS } from "../status";
import type { Field, FieldKind, PageInfo } from "../types";
import { DEFAULT_SIZE, type Rect } from "./geometry";
import { PageCanvas, type PlacedField } from "./page-canvas";

type Props = {
  contractId: string;
  fileId: string;
  info: PageInfo;
  signerNames: string[];
  fields: Field[];
  onChange: (fields: Field[]) => void;
};

const colorOf = (signer: number) => SIGNER_COLORS[signer % SIGNER_COLORS.length];

/** Signers without a signature box: the server refuses to send until each has one. */
export const signersWithoutSignature = (count: number, fields: Field[]) =>
  Array.from({ length: count }, (_, i) => i).filter(
    (i) => !fields.some((f) => f.signer === i && f.kind === "signature"),
  );

/** Step two: where each signer signs (and where the signing date goes), page by page. */
export const FieldPlacer = ({ contractId, fileId, info, signerNames, fields, onChange }: Props) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [signer, setSigner] = useState(0);
  const [kind, setKind] = useState<FieldKind>("signature");
  const [selected, setSelected] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  const labelOf = (f: Field) =>
    t("esign.place.boxLabel", {
      kind: t(`esign.kinds.${f.kind}`),
      name: signerNames[f.signer] ?? "",
      page: f.page,
    });
  const add = (rect: Rect, focus: boolean) => {
    const next = [...fields, { signer, kind, page, ...rect }];
    onChange(next);
    setSelected(next.length - 1);
    setFocusIndex(focus ? next.length - 1 : null);
  };
  const addDefault = () => {
    const size = DEFAULT_SIZE[kind];
    // Staggered so boxes added one after another do not hide each other.
    const offset = (fields.filter((f) => f.page === page).length % 8) * 0.04;
    add({ x: 0.55 - offset / 2, y: 0.7 + offset / 2 - 0.1, ...size }, true);
  };
  const remove = (index: number) => {
    onChange(fields.filter((_, i) => i !== index));
    setSelected(null);
    setFocusIndex(null);
  };
  const placed: PlacedField[] = fields
    .map((f, index) => ({ ...f, index }))
    .filter((f) => f.page === page);
  const missing = signersWithoutSignature(signerNames.length, fields);

  return (
    <div className="esign-placer">
      <Form layout="inline" className="esign-place-tools" component="div">
        <Form.Item label={t("esign.place.signer")} htmlFor="esign-place-signer">
          <FormSelect<number>
            id="esign-place-signer"
            value={signer}
            onChange={setSigner}
            style={{ minWidth: 180 }}
            options={signerNames.map((name, i) => ({ value: i, label: `${i + 1}. ${name}` }))}
          />
        </Form.Item>
        <Form.Item label={t("esign.place.kind")}>
          <Radio.Group
            optionType="button"
            value={kind}
            onChange={(e) => setKind(e.target.value as FieldKind)}
            options={[
              { value: "signature", label: t("esign.kinds.signature") },
              { value: "date", label: t("esign.kinds.date") },
            ]}
          />
        </Form.Item>
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={addDefault}>
            {t("esign.place.addField")}
          </Button>
          <Button
            icon={<DeleteOutlined />}
            disabled={selected === null}
            onClick={() => selected !== null && remove(selected)}
          >
            {t("esign.place.deleteField")}
          </Button>
        </Space>
      </Form>
      <p id="esign-place-hint" className="esign-muted">
        {t("esign.place.hint")}
      </p>
      {info.pageCount > 1 ? (
        <Pagination
          simple
          className="esign-gap"
          current={page}
          total={info.pageCount}
          pageSize={1}
          onChange={(n) => {
            setPage(n);
            setSelected(null);
          }}
        />
      ) : null}
      <div className="esign-place-body">
        <PageCanvas
          contractId={contractId}
          fileId={fileId}
          page={page}
          pageCount={info.pageCount}
          size={info.pages[page - 1] ?? { width: 595, height: 842 }}
          fields={placed}
          labelOf={labelOf}
          shortLabelOf={(f) =>
            t("esign.place.boxShort", {
              kind: t(`esign.kinds.${f.kind}`),
              name: signerNames[f.signer] ?? "",
            })
          }
          colorOf={colorOf}
          selected={selected}
          focusIndex={focusIndex}
          onSelect={setSelected}
          onDraw={(rect) => add(rect, false)}
          onMove={(index, rect) =>
            onChange(fields.map((f, i) => (i === index ? { ...f, ...rect } : f)))
          }
          onDelete={remove}
        />
        <div className="esign-place-side">
          {missing.length ? (
            <Alert
              type="warning"
              showIcon
              className="esign-gap"
              message={t("esign.place.missing", {
                names: missing.map((i) => signerNames[i]).join(t("esign.place.separator")),
              })}
            />
          ) : null}
          <section className="esign-field-list" aria-labelledby="esign-fields-title">
            <h4 id="esign-fields-title">
              {t("esign.place.fieldsTitle", { count: fields.length })}
            </h4>
            {fields.length === 0 ? (
              <p className="esign-muted">{t("esign.place.noFields")}</p>
            ) : null}
            <ul>
              {fields.map((f, index) => (
                <li key={index} className={selected === index ? "is-selected" : undefined}>
                  <span
                    className="esign-swatch"
                    style={{ background: colorOf(f.signer) }}
                    aria-hidden
                  />
                  <span className="esign-field-name">{labelOf(f)}</span>
                  {f.page !== page ? (
                    <Button size="small" type="link" onClick={() => setPage(f.page)}>
                      {t("esign.place.showPage", { page: f.page })}
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("esign.place.deleteNamed", { name: labelOf(f) })}
                    onClick={() => remove(index)}
                  />
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
};
