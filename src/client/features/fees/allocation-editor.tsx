import {
  CheckCircleOutlined,
  DeleteOutlined,
  PlusOutlined,
  WarningOutlined,
} from "@ant-design/icons";
import { Button, Select, Table } from "antd";
import { useTranslation } from "react-i18next";

import {
  ALLOCATION_ROLES,
  type AllocationLine,
  type AllocationRole,
  type CaseAllocation,
  FEE_ERRORS,
  FULL_PERCENT,
  formatPercentBp,
  parsePercent,
  validateAllocation,
} from "../../../shared/fees";
import { useMembers } from "../../lib/members";
import { PercentInput } from "./form-bits";

/**
 * The lines' total in hundredths of a percent (a box not filled in yet counts as 0), or null while
 * a box holds something that is not a percentage.
 */
const totalOf = (lines: readonly AllocationLine[]) => {
  let total = 0n;
  for (const line of lines) {
    if (line.percent.trim() === "") continue;
    const bp = parsePercent(line.percent);
    if (bp === null) return null;
    total += bp;
  }
  return total;
};

/** "lines.2.percent" of a box still empty: not refused while the user is filling the table in. */
const BOX = /^lines\.(\d+)\.(percent|memberId)$/;

type Props = {
  value: CaseAllocation | undefined;
  onChange: (next: CaseAllocation | undefined) => void;
  /** Refusals from elsewhere (the schema's checks, the server) by path ("lines.0.percent"). */
  extraErrors?: Map<string, string>;
  disabled?: boolean;
  idPrefix: string;
};

/**
 * An allocation (提成分配): the originator, then who shares the distributable amount, in what
 * role and by what percentage, with the running total that must make exactly 100.00% and the
 * shared validator's other refusals (one lead, each member once) as they arise.
 */
export const AllocationEditor = ({ value, onChange, extraErrors, disabled, idPrefix }: Props) => {
  const { t } = useTranslation();
  const { data: members = [] } = useMembers();
  const memberOptions = members.map((m) => ({ value: m.id, label: m.name }));
  const lines = value?.lines ?? [];
  const found = value && lines.length ? validateAllocation(value) : [];
  const isBlank = (path: string) => {
    const box = BOX.exec(path);
    const line = box ? lines[Number(box[1])] : undefined;
    return Boolean(line && String(line[box![2] as "percent" | "memberId"]).trim() === "");
  };
  // Empty boxes are reported on saving (by the dialog or the form), not while being filled in.
  const errorAt = (path: string) => {
    const own = found.find((e) => e.field === path);
    return own && !isBlank(path) ? t(own.code, own.params) : extraErrors?.get(path);
  };
  const set = (patch: Partial<CaseAllocation>) =>
    onChange({ originatorId: value?.originatorId ?? null, lines, ...patch });
  const setLine = (index: number, patch: Partial<AllocationLine>) =>
    set({ lines: lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) });
  const total = totalOf(lines);
  const isComplete = total === FULL_PERCENT;
  // The total has its own line below the table; the list carries the other whole-table refusals.
  const overall = found
    .filter((e) => e.field === "lines" && e.code !== FEE_ERRORS.allocationSum)
    .map((e) => t(e.code, e.params));
  const outside = extraErrors?.get("lines") ?? extraErrors?.get("");
  const cell = (path: string) => {
    const error = errorAt(path);
    return error ? <div className="fees-cell-error">{error}</div> : null;
  };
  const n = (index: number) => ({ n: index + 1 });

  return (
    <div className="fees-allocation-editor">
      {/* Plain markup, not a Form.Item: the editor sits in the case form and in a dialog alike. */}
      <div className="fees-originator">
        <label className="fees-label" htmlFor={`${idPrefix}-originator`}>
          {t("fees.allocation.originator")}
        </label>
        <Select
          id={`${idPrefix}-originator`}
          allowClear
          showSearch
          optionFilterProp="label"
          disabled={disabled}
          value={value?.originatorId ?? undefined}
          placeholder={t("fees.allocation.noOriginator")}
          options={memberOptions}
          style={{ width: "100%", maxWidth: 320 }}
          status={errorAt("originatorId") ? "error" : undefined}
          aria-describedby={`${idPrefix}-originator-hint`}
          onChange={(id?: string) => set({ originatorId: id ?? null })}
        />
        <div className="fees-hint" id={`${idPrefix}-originator-hint`}>
          {t("fees.allocation.originatorHint")}
        </div>
        {errorAt("originatorId") ? (
          <div className="fees-cell-error">{errorAt("originatorId")}</div>
        ) : null}
      </div>
      <Table<AllocationLine & { index: number }>
        rowKey="index"
        size="small"
        pagination={false}
        dataSource={lines.map((line, index) => ({ ...line, index }))}
        aria-label={t("fees.allocation.lines")}
        locale={{ emptyText: t("fees.allocation.noLines") }}
        columns={[
          {
            title: t("fees.allocation.member"),
            key: "member",
            render: (_, line) => (
              <>
                <Select
                  aria-label={t("fees.allocation.memberOf", n(line.index))}
                  showSearch
                  optionFilterProp="label"
                  disabled={disabled}
                  value={line.memberId || undefined}
                  options={memberOptions}
                  style={{ width: "100%", minWidth: 140 }}
                  status={errorAt(`lines.${line.index}.memberId`) ? "error" : undefined}
                  onChange={(memberId: string) => setLine(line.index, { memberId })}
                />
                {cell(`lines.${line.index}.memberId`)}
              </>
            ),
          },
          {
            title: t("fees.allocation.role"),
            key: "role",
            width: 150,
            render: (_, line) => (
              <>
                <Select<AllocationRole>
                  aria-label={t("fees.allocation.roleOf", n(line.index))}
                  disabled={disabled}
                  value={line.role}
                  style={{ width: "100%" }}
                  options={ALLOCATION_ROLES.map((r) => ({
                    value: r,
                    label: t(`fees.roles.${r}`),
                  }))}
                  onChange={(role) => setLine(line.index, { role })}
                />
                {cell(`lines.${line.index}.role`)}
              </>
            ),
          },
          {
            title: t("fees.allocation.percent"),
            key: "percent",
            width: 150,
            render: (_, line) => (
              <>
                <PercentInput
                  id={`${idPrefix}-percent-${line.index}`}
                  label={t("fees.allocation.percentOf", n(line.index))}
                  disabled={disabled}
                  value={line.percent}
                  isInvalid={Boolean(errorAt(`lines.${line.index}.percent`))}
                  onChange={(percent) => setLine(line.index, { percent })}
                />
                {cell(`lines.${line.index}.percent`)}
              </>
            ),
          },
          {
            title: t("schemaUi.actions"),
            key: "remove",
            width: 64,
            render: (_, line) => (
              <Button
                type="text"
                danger
                disabled={disabled}
                icon={<DeleteOutlined />}
                aria-label={t("fees.allocation.remove", n(line.index))}
                onClick={() => {
                  const rest = lines.filter((_, i) => i !== line.index);
                  // No lines left: no allocation at all, rather than an empty one the server refuses.
                  if (rest.length === 0 && !value?.originatorId) onChange(undefined);
                  else set({ lines: rest });
                }}
              />
            ),
          },
        ]}
      />
      <div className="fees-allocation-foot">
        <Button
          icon={<PlusOutlined />}
          disabled={disabled || lines.length >= 20}
          onClick={() =>
            set({
              lines: [
                ...lines,
                {
                  memberId: "",
                  role: lines.some((l) => l.role === "lead") ? "co-counsel" : "lead",
                  percent: "",
                },
              ],
            })
          }
        >
          {t("fees.allocation.add")}
        </Button>
        {lines.length ? (
          <span
            role="status"
            aria-live="polite"
            className={isComplete ? "fees-sum fees-sum-ok" : "fees-sum fees-sum-bad"}
          >
            {isComplete ? <CheckCircleOutlined /> : <WarningOutlined />}{" "}
            {total === null
              ? t("fees.allocation.totalUnknown")
              : t(isComplete ? "fees.allocation.totalOk" : "fees.allocation.totalBad", {
                  total: formatPercentBp(total),
                })}
          </span>
        ) : null}
      </div>
      {overall.length || outside ? (
        <ul className="fees-error-list fees-cell-error" aria-live="polite">
          {[...new Set([...overall, ...(outside ? [outside] : [])])].map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
