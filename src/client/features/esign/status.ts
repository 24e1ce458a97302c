/** Tag colours of the signing states; each state has a label under esign.* in the locales. */

export const REQUEST_STATUS_COLORS: Record<string, string> = {
  sent: "processing",
  completed: "success",
  declined: "error",
  cancelled: "default",
  expired: "warning",
};

export const SIGNER_STATUS_COLORS: Record<string, string> = {
  waiting: "default",
  sent: "processing",
  signed: "success",
  declined: "error",
  locked: "error",
};

/** Distinct colours for the boxes of up to ten signers, each at least 4.5:1 on the white page. */
export const SIGNER_COLORS = [
  "#0958d9",
  "#c41d7f",
  "#006d75",
  "#ad2102",
  "#531dab",
  "#237804",
  "#874d00",
  "#1d39c4",
  "#a8071a",
  "#00474f",
];

export const shortHash = (hash: string | null | undefined) => (hash ? hash.slice(0, 10) : "");
