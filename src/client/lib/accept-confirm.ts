import type { ReactNode } from "react";

/**
 * What a step's accept must confirm in the dialog itself (a custodian's copies and date): the
 * fields, their proposed values, and how the confirmed values become the form patch.
 */
export type AcceptConfirm = {
  title: string;
  fields: ReactNode;
  /** The form's keys the dialog asks for: the page does not offer them a second time. */
  keys: string[];
  initialValues: Record<string, unknown>;
  toPatch: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The instance's version the patch is made on. */
  version: number;
};
