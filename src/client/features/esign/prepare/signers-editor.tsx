import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Form, Input, Radio } from "antd";
import { useTranslation } from "react-i18next";

import { MAX_SIGNERS, SIGNER_MOBILE_PATTERN } from "../../../../shared/contracts/esign";
import { FormSelect } from "../../../components/form-select";
import { MemberPickerField } from "../../../components/member-picker";
import { useSealOptions } from "../../../lib/seal-options";

/** What the server accepts once spaces, dashes and brackets are gone. */
const MOBILE = new RegExp(SIGNER_MOBILE_PATTERN);
export const normalizeMobile = (value: string) => value.replace(/[\s()-]/g, "");

/**
 * The signers in signing order: counterparties by name and email or mobile (the link and the
 * code go there), firm signers as a member plus the electronic seal their signature applies.
 */
export const SignersEditor = () => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { data: seals = [] } = useSealOptions();
  const electronic = seals.filter((s) => s.sealType === "electronic");
  // Only a seal's custodian may sign with it (the server refuses others): the chosen member's own
  // are offered, and none before a member is chosen.
  const sealsOf = (userId: string | undefined) =>
    electronic
      .filter((s) => userId && s.custodianId === userId)
      .map((s) => ({ value: s.id, label: s.name }));
  // Another member: a seal of the previous one goes; their only seal is taken at once.
  const onMember = (row: number, picked: string[]) => {
    const own = sealsOf(picked[picked.length - 1]);
    const current = form.getFieldValue(["signers", row, "sealId"]) as string | undefined;
    if (own.length === 1) form.setFieldValue(["signers", row, "sealId"], own[0].value);
    else if (current && !own.some((o) => o.value === current))
      form.setFieldValue(["signers", row, "sealId"], undefined);
  };
  return (
    <Form.List name="signers">
      {(items, { add, remove }) => (
        <fieldset className="esign-signers">
          <legend className="esign-section-title">{t("esign.prepare.signers")}</legend>
          {items.map((item, i) => (
            <div
              key={item.key}
              className="esign-signer-row"
              role="group"
              aria-label={t("esign.prepare.signerN", { n: i + 1 })}
            >
              <div className="esign-signer-head">
                <strong>{t("esign.prepare.signerN", { n: i + 1 })}</strong>
                <Form.Item name={[item.name, "party"]} noStyle>
                  <Radio.Group
                    optionType="button"
                    size="small"
                    aria-label={t("esign.signers.party")}
                    options={[
                      { value: "counterparty", label: t("esign.parties.counterparty") },
                      { value: "firm", label: t("esign.parties.firm") },
                    ]}
                  />
                </Form.Item>
                {items.length > 1 ? (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("esign.prepare.removeSigner", { n: i + 1 })}
                    onClick={() => remove(item.name)}
                  />
                ) : null}
              </div>
              <Form.Item
                noStyle
                shouldUpdate={(a, b) =>
                  a.signers?.[item.name]?.party !== b.signers?.[item.name]?.party ||
                  a.signers?.[item.name]?.userId !== b.signers?.[item.name]?.userId
                }
              >
                {({ getFieldValue }) =>
                  getFieldValue(["signers", item.name, "party"]) === "firm" ? (
                    <div className="esign-signer-fields">
                      <Form.Item
                        name={[item.name, "userId"]}
                        label={t("esign.prepare.member")}
                        rules={[{ required: true, message: t("esign.prepare.memberRequired") }]}
                        getValueProps={(v: string | undefined) => ({ value: v ? [v] : [] })}
                        normalize={(v: string[]) => v[v.length - 1]}
                      >
                        <MemberPickerField
                          multiple={false}
                          onChange={(picked) => onMember(item.name, picked)}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[item.name, "sealId"]}
                        label={t("esign.prepare.seal")}
                        rules={[{ required: true, message: t("esign.prepare.sealRequired") }]}
                        extra={
                          !getFieldValue(["signers", item.name, "userId"])
                            ? t(
                                electronic.length
                                  ? "esign.prepare.memberFirst"
                                  : "esign.prepare.noElectronicSeal",
                              )
                            : sealsOf(getFieldValue(["signers", item.name, "userId"])).length
                              ? t("esign.prepare.sealHint")
                              : t(
                                  electronic.length
                                    ? "esign.prepare.noSealOfMember"
                                    : "esign.prepare.noElectronicSeal",
                                )
                        }
                      >
                        <FormSelect
                          options={sealsOf(getFieldValue(["signers", item.name, "userId"]))}
                          placeholder={t("esign.prepare.sealPlaceholder")}
                          style={{ minWidth: 220 }}
                        />
                      </Form.Item>
                    </div>
                  ) : (
                    <div className="esign-signer-fields">
                      <Form.Item
                        name={[item.name, "name"]}
                        label={t("esign.signers.name")}
                        rules={[
                          {
                            required: true,
                            whitespace: true,
                            message: t("esign.prepare.nameRequired"),
                          },
                        ]}
                      >
                        <Input maxLength={100} autoComplete="off" />
                      </Form.Item>
                      <Form.Item
                        name={[item.name, "email"]}
                        label={t("esign.prepare.email")}
                        dependencies={[["signers", item.name, "mobile"]]}
                        rules={[
                          { type: "email", message: t("esign.prepare.emailInvalid") },
                          ({ getFieldValue }) => ({
                            validator: async (_, value: string | undefined) => {
                              if (
                                value?.trim() ||
                                getFieldValue(["signers", item.name, "mobile"])?.trim()
                              )
                                return;
                              throw new Error(t("esign.prepare.contactRequired"));
                            },
                          }),
                        ]}
                      >
                        <Input type="email" maxLength={200} autoComplete="off" />
                      </Form.Item>
                      <Form.Item
                        name={[item.name, "mobile"]}
                        label={t("esign.prepare.mobile")}
                        rules={[
                          {
                            validator: async (_, value: string | undefined) => {
                              if (!value?.trim() || MOBILE.test(normalizeMobile(value))) return;
                              throw new Error(t("esign.prepare.mobileInvalid"));
                            },
                          },
                        ]}
                      >
                        <Input type="tel" maxLength={20} autoComplete="off" />
                      </Form.Item>
                    </div>
                  )
                }
              </Form.Item>
            </div>
          ))}
          {items.length < MAX_SIGNERS ? (
            <Button icon={<PlusOutlined />} onClick={() => add({ party: "counterparty" })}>
              {t("esign.prepare.addSigner")}
            </Button>
          ) : null}
        </fieldset>
      )}
    </Form.List>
  );
};
