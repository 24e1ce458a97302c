import { ADMIN_RULES, BASIC_RULE, type PermissionRule } from "../../shared/permissions";
import { OWN_CONDITIONS } from "../../shared/permission-scopes";
import { ROLE_DESCRIPTIONS } from "../../shared/seed-texts";

/** Roles whose members may supervise a case (roles.is_partner; editable in Settings → Roles). */
export const PARTNER_ROLES = new Set(["admin", "partner"]);

/** The roles a new firm starts with; admins edit them afterwards in the role editor (descriptions: shared/seed-texts). */
export const ROLE_TEMPLATES: {
  code: string;
  name: string;
  description: string;
  rules: PermissionRule[];
}[] = [
  {
    code: "admin",
    name: "管理员",
    description: ROLE_DESCRIPTIONS.admin["zh-CN"],
    rules: [...ADMIN_RULES],
  },
  {
    code: "partner",
    name: "合伙人",
    description: ROLE_DESCRIPTIONS.partner["zh-CN"],
    rules: [
      BASIC_RULE,
      { action: ["read", "create", "update", "delete", "export"], subject: "LAWFIRM_CASE_VIEW" },
      {
        action: ["read", "create", "update", "delete", "import", "export"],
        subject: "LAWFIRM_CUSTOMER_VIEW",
      },
      { action: ["read", "create", "update", "delete"], subject: "LAWFIRM_DOCUMENT_VIEW" },
      { action: ["read", "create", "update", "delete"], subject: "LAWFIRM_CONTRACT_VIEW" },
      { action: ["read", "create"], subject: "LAWFIRM_SEAL_VIEW" },
      { action: ["read", "create", "export"], subject: "LAWFIRM_CONFLICT_VIEW" },
      { action: ["read", "create", "approve"], subject: "WORKFLOW_INSTANCE" },
      { action: "read", subject: ["ORG_MEMBER", "ORG_DEPARTMENT"] },
      { action: ["read", "export"], subject: "LAWFIRM_RECEIVABLE_VIEW" },
      { action: ["read", "create", "export"], subject: "LAWFIRM_INVOICE_VIEW" },
      { action: ["read", "create", "update", "delete", "export"], subject: "LAWFIRM_LEAD_VIEW" },
      // Partners keep the firm's archive (归档) unless an admin names an archivist role.
      { action: ["read", "update"], subject: "LAWFIRM_ARCHIVE_VIEW" },
      { action: "read", subject: "LAWFIRM_REPORT_VIEW" },
    ],
  },
  {
    code: "lawyer",
    name: "律师",
    description: ROLE_DESCRIPTIONS.lawyer["zh-CN"],
    rules: [
      BASIC_RULE,
      { action: ["read", "create", "update"], subject: "LAWFIRM_CASE_VIEW" },
      { action: ["read", "create", "update"], subject: "LAWFIRM_CUSTOMER_VIEW" },
      { action: ["read", "create"], subject: "LAWFIRM_DOCUMENT_VIEW" },
      { action: ["read", "create"], subject: "LAWFIRM_CONTRACT_VIEW" },
      { action: ["read", "create"], subject: "LAWFIRM_SEAL_VIEW" },
      { action: ["read", "create", "export"], subject: "LAWFIRM_CONFLICT_VIEW" },
      { action: ["read", "create", "approve"], subject: "WORKFLOW_INSTANCE" },
      // Receivables of the cases the lawyer may read: the cases rule above scopes them.
      { action: "read", subject: "LAWFIRM_RECEIVABLE_VIEW" },
      // Invoices of the cases the lawyer may read are requested through their approval.
      { action: ["read", "create"], subject: "LAWFIRM_INVOICE_VIEW" },
      { action: ["read", "create", "update"], subject: "LAWFIRM_LEAD_VIEW" },
      // The volumes of the cases the lawyer may read: the cases rule above scopes them.
      { action: "read", subject: "LAWFIRM_ARCHIVE_VIEW" },
      // A lawyer's own figures; heading a department adds it (features/reports/scope.ts).
      { action: "read", subject: "LAWFIRM_REPORT_VIEW", conditions: { ...OWN_CONDITIONS } },
    ],
  },
  {
    code: "assistant",
    name: "律师助理",
    description: ROLE_DESCRIPTIONS.assistant["zh-CN"],
    rules: [
      BASIC_RULE,
      { action: "read", subject: "LAWFIRM_CASE_VIEW" },
      { action: ["read", "create"], subject: "LAWFIRM_CUSTOMER_VIEW" },
      { action: ["read", "create", "update"], subject: "LAWFIRM_DOCUMENT_VIEW" },
      { action: ["read", "create"], subject: "WORKFLOW_INSTANCE" },
      { action: ["read", "create"], subject: "LAWFIRM_INVOICE_VIEW" },
      // Assistants take down consultations; converting one needs a lawyer's update right.
      { action: ["read", "create"], subject: "LAWFIRM_LEAD_VIEW" },
      { action: "read", subject: "LAWFIRM_ARCHIVE_VIEW" },
    ],
  },
  {
    code: "finance",
    name: "财务",
    description: ROLE_DESCRIPTIONS.finance["zh-CN"],
    rules: [
      BASIC_RULE,
      // Finance keeps the firm's seals: it reads the requests it stamps.
      {
        action: "read",
        subject: [
          "LAWFIRM_CASE_VIEW",
          "LAWFIRM_CONTRACT_VIEW",
          "LAWFIRM_CUSTOMER_VIEW",
          "LAWFIRM_SEAL_VIEW",
        ],
      },
      { action: ["read", "create", "approve"], subject: "WORKFLOW_INSTANCE" },
      // What clients owe, and every member's fee shares: finance closes the months.
      { action: ["read", "export"], subject: "LAWFIRM_RECEIVABLE_VIEW" },
      { action: ["read", "update", "export"], subject: "LAWFIRM_FEE_SHARE" },
      // Finance issues, red-reverses, voids and matches invoices.
      { action: ["read", "create", "update", "export"], subject: "LAWFIRM_INVOICE_VIEW" },
      // It uploads the issued invoices' PDF/OFD files and payment receipts.
      { action: ["read", "create"], subject: "LAWFIRM_DOCUMENT_VIEW" },
    ],
  },
  // A newcomer's role starts empty until an admin grants rights: they see "not authorized".
  { code: "intern", name: "实习生", description: ROLE_DESCRIPTIONS.intern["zh-CN"], rules: [] },
];
