import { useCustom } from "@refinedev/core";
import type { TreeDataNode } from "antd";
import { type ReactNode, useMemo } from "react";

import type { PickerData, PickerDepartment, PickerMember } from "./types";

const EMPTY: PickerData = { departments: [], members: [], groups: [] };

/** Departments, members (with pinyin) and the caller's groups, loaded once per picker. */
export const usePickerData = (enabled = true, includeDisabled = false) => {
  const { result, query } = useCustom<PickerData>({
    url: "/api/org-picker",
    method: "get",
    config: { query: includeDisabled ? { includeDisabled: true } : {} },
    queryOptions: { enabled, staleTime: 30_000 },
  });
  // Until the answer arrives Refine hands an empty object, not undefined.
  const raw = result?.data as Partial<PickerData> | undefined;
  const data = Array.isArray(raw?.members) ? (raw as PickerData) : EMPTY;
  return { data, isLoading: query.isLoading };
};

export type DeptNode = TreeDataNode & { key: string; children: DeptNode[] };

/** The flat department list as an antd tree, children in their saved order. */
export const toDeptTree = (
  departments: PickerDepartment[],
  title: (d: PickerDepartment) => ReactNode = (d) => d.name,
): DeptNode[] => {
  const nodes = new Map<string, DeptNode>();
  for (const d of departments) nodes.set(d.id, { key: d.id, title: title(d), children: [] });
  const roots: DeptNode[] = [];
  for (const d of [...departments].sort((a, b) => a.sortOrder - b.sortOrder)) {
    const node = nodes.get(d.id)!;
    const parent = d.parentId ? nodes.get(d.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
};

/** Ids of a department and everything below it. */
export const subtreeIds = (departments: PickerDepartment[], rootId: string) => {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of departments) {
      if (d.parentId && ids.has(d.parentId) && !ids.has(d.id)) {
        ids.add(d.id);
        grew = true;
      }
    }
  }
  return ids;
};

/** Matches name, username, pinyin initials ("wjg") or full pinyin ("wangjian"). */
export const matchesMember = (m: PickerMember, text: string) => {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return (
    m.name.toLowerCase().includes(q) ||
    m.username.toLowerCase().includes(q) ||
    m.initials.startsWith(q) ||
    m.pinyin.startsWith(q)
  );
};

export const useDeptTree = (data: PickerData) =>
  useMemo(() => toDeptTree(data.departments), [data.departments]);
