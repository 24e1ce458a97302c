import { Form, Input } from "antd";
import type { ReactNode } from "react";

/** The translated refusal shown under a box, by the path the shared validators name. */
export type ErrorAt = (path: string) => string | undefined;

/** A labelled box with its refusal under it; antd's Form.Item only for layout, not for state. */
export const Box = ({
  id,
  label,
  error,
  extra,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) => (
  <Form.Item
    label={label}
    htmlFor={id}
    validateStatus={error ? "error" : undefined}
    help={error}
    extra={extra}
  >
    {children}
  </Form.Item>
);

/** Money typed as text ("1200000.00"): the server takes decimal strings, never floats. */
export const MoneyInput = ({
  id,
  value,
  onChange,
  label,
  disabled,
  isInvalid,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  disabled?: boolean;
  isInvalid?: boolean;
}) => (
  <Input
    id={id}
    prefix="¥"
    inputMode="decimal"
    autoComplete="off"
    value={value}
    disabled={disabled}
    aria-label={label}
    aria-invalid={isInvalid || undefined}
    status={isInvalid ? "error" : undefined}
    onChange={(e) => onChange(e.target.value)}
  />
);

/** A percentage typed as text ("35.00"), two decimals at most, like the server's. */
export const PercentInput = ({
  id,
  value,
  onChange,
  label,
  disabled,
  isInvalid,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  disabled?: boolean;
  isInvalid?: boolean;
}) => (
  <Input
    id={id}
    suffix="%"
    inputMode="decimal"
    autoComplete="off"
    value={value}
    disabled={disabled}
    aria-label={label}
    aria-invalid={isInvalid || undefined}
    status={isInvalid ? "error" : undefined}
    onChange={(e) => onChange(e.target.value)}
  />
);
