import { Select, type SelectProps } from "antd";

/**
 * A Select for a required Form.Item. Form.Item marks its control `aria-required`, and rc-select
 * puts that on its root <div>, where ARIA does not allow it (axe: aria-allowed-attr, critical).
 * The label's asterisk and the validation message still tell the user.
 */
export const FormSelect = <T,>({
  "aria-required": _required,
  ...props
}: SelectProps<T> & { "aria-required"?: unknown }) => <Select<T> {...props} />;
