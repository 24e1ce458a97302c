import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/**
 * Where an approval's business record lives: the part of businessRef before the first colon
 * names the feature, the rest is the record id ("accounts:<id>" for a client change).
 */
const TARGETS: Record<string, { path: (id: string) => string; label: string }> = {
  accounts: {
    path: (id) => `/contacts/instution-detail/${id}`,
    label: "workflow.business.openAccount",
  },
};

export const businessTarget = (ref: string | undefined) => {
  if (!ref) return null;
  const cut = ref.indexOf(":");
  const target = cut > 0 ? TARGETS[ref.slice(0, cut)] : undefined;
  const id = cut > 0 ? ref.slice(cut + 1) : "";
  // Only a plain record id: "cases:new:<submission>" and the like have no page yet.
  if (!target || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { path: target.path(id), label: target.label };
};

/** A link from an approval back to the record it changes, so the approver can check it first. */
export const BusinessLink = ({ businessRef }: { businessRef?: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = businessTarget(businessRef);
  if (!target) return null;
  return (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(target.path)}>
      {t(target.label)}
    </Button>
  );
};
