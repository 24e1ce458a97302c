import type { KeyboardEvent } from "react";

/**
 * For a date box inside a form: Enter confirms the typed date (the picker handles it first) and
 * goes no further, so it does not submit the whole form half filled.
 */
export const noEnterSubmit = (event: KeyboardEvent) => {
  if (event.key === "Enter") event.preventDefault();
};
