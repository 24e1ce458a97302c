import {
  type BaseRecord,
  type CrudFilter,
  type CrudSort,
  type HttpError,
  useTable,
  type useTableProps,
} from "@refinedev/core";
import type { TablePaginationConfig, TableProps } from "antd";
import type { SorterResult, SortOrder } from "antd/es/table/interface";

const toCrudSorters = <T>(sorter: SorterResult<T> | SorterResult<T>[]): CrudSort[] =>
  (Array.isArray(sorter) ? sorter : [sorter]).flatMap((s) => {
    const field = s.columnKey ?? (Array.isArray(s.field) ? s.field.join(".") : s.field);
    if (!s.order || field === undefined) return [];
    return [{ field: String(field), order: s.order === "ascend" ? "asc" : "desc" } as CrudSort];
  });

/** Drops filters the user left empty so they vanish from the URL and the query. */
export const compactFilters = (filters: CrudFilter[]): CrudFilter[] =>
  filters.filter(
    (f) => "field" in f && f.value !== undefined && f.value !== null && f.value !== "",
  );

/**
 * Refine core's useTable wired to antd's Table (pagination, sorting, loading). It does what
 * @refinedev/antd's useTable does without that package's bundle, which also carries a
 * markdown renderer (~60 KB gzip) into every list page.
 */
export const useAntdTable = <T extends BaseRecord>(props: useTableProps<T, HttpError, T>) => {
  const table = useTable<T, HttpError, T>(props);
  const { currentPage, setCurrentPage, pageSize, setPageSize, sorters, setSorters } = table;

  const onChange: TableProps<T>["onChange"] = (pagination: TablePaginationConfig, _f, sorter) => {
    setSorters(toCrudSorters(sorter));
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setCurrentPage(1);
      return;
    }
    setCurrentPage(pagination.current ?? 1);
  };

  const tableProps: TableProps<T> = {
    dataSource: table.result.data,
    loading: table.tableQuery.isFetching,
    onChange,
    pagination: { current: currentPage, pageSize, total: table.result.total ?? 0 },
  };

  const sortOrderOf = (field: string): SortOrder => {
    const found = sorters.find((s) => s.field === field);
    if (!found) return null;
    return found.order === "asc" ? "ascend" : "descend";
  };

  const applyFilters = (filters: CrudFilter[]) => {
    table.setFilters(compactFilters(filters), "replace");
    setCurrentPage(1);
  };

  return { ...table, tableProps, sortOrderOf, applyFilters };
};
