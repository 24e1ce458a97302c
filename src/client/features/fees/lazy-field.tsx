import type { FieldProps } from "@rjsf/utils";
import { Skeleton } from "antd";
import { lazy, Suspense } from "react";

import type { CustomField } from "../../schema-ui";

const Editor = lazy(() => import("./pages").then((m) => ({ default: m.FeeAllocationField })));
const View = lazy(() => import("./pages").then((m) => ({ default: m.AllocationText })));

/**
 * The "feeAllocation" field of the case form and detail, registered by the route list; its code
 * loads with the first form or detail that shows it.
 */
export const feeAllocationField: CustomField = {
  edit: (props: FieldProps) => (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <Editor {...props} />
    </Suspense>
  ),
  show: ({ value }: { value: unknown }) => (
    <Suspense fallback={<Skeleton.Input active size="small" />}>
      <View value={value} />
    </Suspense>
  ),
};
