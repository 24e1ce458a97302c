import { and, eq, sql } from "drizzle-orm";

import {
  type Assignees,
  type Definition,
  type FlowNode,
  newTaskNode,
} from "../../../shared/workflow";
import type { Db } from "../../db/client";
import {
  dictionaryItems,
  dictionaryTypes,
  memberRoles,
  roles,
  workflowDefinitions,
  workspaces,
} from "../../db/tables";
import { publishInitialFlow } from "../workflow";

/** The firm's VAT rates an invoice may carry: the code is the rate as stored ("6.00"). */
export const TAX_RATE_DICTIONARY = {
  code: "invoice-tax-rates",
  zh: "发票税率",
  en: "Invoice tax rates",
  items: [
    ["6.00", "6%", "6%"],
    ["3.00", "3%", "3%"],
    ["1.00", "1%", "1%"],
    ["0.00", "0%（免税）", "0% (exempt)"],
  ] as [code: string, zh: string, en: string][],
};

export const INVOICE_FLOW_KEY = "invoice";

const label = (zh: string, en: string) => ({ "zh-CN": zh, en });

/**
 * What the approver reads of an invoice request: the server fills every field from the request
 * (startApproval keeps only the keys declared here), so a firm that trims the form in the
 * designer still starts. `amount` is money: the approval centre shows it as ¥1,234.00 and a
 * branch may route on it ("10,000 or more → the director").
 */
const INVOICE_FORM = {
  type: "object",
  "x-order": [
    "title",
    "requestNo",
    "caseRef",
    "buyerTitle",
    "invoiceType",
    "amount",
    "taxRate",
    "taxAmount",
    "remark",
  ],
  required: ["title"],
  properties: {
    title: { type: "string", title: "标题", "x-label": label("标题", "Title"), maxLength: 200 },
    requestNo: {
      type: "string",
      title: "申请编号",
      "x-label": label("申请编号", "Request number"),
      maxLength: 100,
    },
    caseRef: { type: "string", title: "案件", "x-label": label("案件", "Case"), maxLength: 400 },
    buyerTitle: {
      type: "string",
      title: "购买方",
      "x-label": label("购买方名称", "Buyer"),
      maxLength: 200,
    },
    invoiceType: {
      type: "string",
      title: "发票类型",
      "x-label": label("发票类型", "Invoice type"),
      enum: ["vatNormal", "vatSpecial", "electronic"],
      "x-enum-labels": {
        vatNormal: { "zh-CN": "增值税普通发票", en: "VAT general invoice" },
        vatSpecial: { "zh-CN": "增值税专用发票", en: "VAT special invoice" },
        electronic: { "zh-CN": "电子发票", en: "Electronic invoice" },
      },
    },
    amount: {
      type: "string",
      format: "money",
      "x-format": "money",
      title: "开票金额（价税合计）",
      "x-label": label("开票金额（价税合计）", "Amount (tax included)"),
    },
    taxRate: {
      type: "string",
      "x-format": "percent",
      title: "税率",
      "x-label": label("税率", "Tax rate"),
      maxLength: 10,
    },
    taxAmount: {
      type: "string",
      format: "money",
      "x-format": "money",
      title: "税额",
      "x-label": label("税额", "Tax"),
    },
    remark: {
      type: "string",
      title: "备注",
      "x-label": label("备注", "Remarks"),
      maxLength: 1000,
      "x-ui": { "ui:widget": "textarea" },
    },
  },
};

/**
 * The invoice approval every firm starts with: the requester's department head, then finance
 * (who will issue it). Editable in the designer like any business flow.
 */
export const invoiceFlow = (opts: { admin: string; finance: Assignees }): Definition => ({
  key: INVOICE_FLOW_KEY,
  name: label("开票审批", "Invoice request"),
  kind: "invoice",
  form: INVOICE_FORM,
  admins: [opts.admin],
  settings: { dedupe: "adjacent", cancelAfterApproved: false },
  // The start fills the form (the server does); later steps read it. The invoice itself is what
  // the approval decides: a form edited on a return to the requester changes nothing stored.
  start: { initiators: { kind: "all" }, fields: {} },
  nodes: [
    {
      ...newTaskNode("approval", "invoice-manager", label("部门负责人", "Department head")),
      assignees: { kind: "deptManager", level: 1, climb: true },
    },
    {
      ...newTaskNode("approval", "invoice-finance", label("财务审核", "Finance review")),
      assignees: opts.finance,
    },
  ] as FlowNode[],
});

/** The tax-rate dictionary of one firm, unless it has one (an admin may have edited it). */
export const ensureTaxRates = async (db: Db, workspaceId: string) => {
  const [type] = await db
    .insert(dictionaryTypes)
    .values({
      workspaceId,
      code: TAX_RATE_DICTIONARY.code,
      nameZh: TAX_RATE_DICTIONARY.zh,
      nameEn: TAX_RATE_DICTIONARY.en,
      sortOrder: 20,
      isSystem: true,
    })
    .onConflictDoNothing()
    .returning();
  if (!type) return;
  await db.insert(dictionaryItems).values(
    TAX_RATE_DICTIONARY.items.map(([code, labelZh, labelEn], sortOrder) => ({
      workspaceId,
      typeId: type.id,
      code,
      labelZh,
      labelEn,
      sortOrder,
    })),
  );
};

/**
 * Firms that existed before invoicing get what a new firm is seeded with: the tax-rate
 * dictionary and the invoice approval (finance role's members, else the admins, review it).
 * Runs before the app serves; a firm that has either already is left alone, so an admin's edits
 * stand. A firm whose key "invoice" is taken by another flow keeps it and gets none.
 */
export const provisionInvoicing = async (db: Db) => {
  const missing = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(
      sql`not exists (select 1 from dictionary_types t where t.workspace_id = ${workspaces.id} and t.code = ${TAX_RATE_DICTIONARY.code})
        or not exists (select 1 from workflow_definitions d where d.workspace_id = ${workspaces.id} and (d.kind = 'invoice' or d.key = ${INVOICE_FLOW_KEY}))`,
    );
  for (const { id } of missing)
    await db.transaction(async (tx) => {
      await ensureTaxRates(tx, id);
      const [taken] = await tx
        .select({ id: workflowDefinitions.id })
        .from(workflowDefinitions)
        .where(
          and(
            eq(workflowDefinitions.workspaceId, id),
            sql`(${workflowDefinitions.kind} = 'invoice' or ${workflowDefinitions.key} = ${INVOICE_FLOW_KEY})`,
          ),
        );
      if (taken) return;
      const firmRoles = await tx
        .select({ id: roles.id, code: roles.code })
        .from(roles)
        .where(eq(roles.workspaceId, id));
      const roleOf = (code: string) => firmRoles.find((r) => r.code === code)?.id;
      const [admin] = await tx
        .select({ userId: memberRoles.userId })
        .from(memberRoles)
        .where(and(eq(memberRoles.workspaceId, id), eq(memberRoles.roleId, roleOf("admin") ?? id)))
        .limit(1);
      if (!admin) return;
      const reviewer = roleOf("finance") ?? roleOf("admin");
      const finance: Assignees = reviewer
        ? { kind: "roles", roleIds: [reviewer] }
        : { kind: "users", userIds: [admin.userId] };
      await publishInitialFlow(tx, id, invoiceFlow({ admin: admin.userId, finance }), admin.userId);
    });
};
