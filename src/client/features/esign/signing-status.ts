/** Tag colours of a contract's signingStatus (labels: contracts.signingStatuses.*); e-signing sets most of them. */
export const SIGNING_STATUS_COLORS: Record<string, string> = {
  unsigned: "default",
  signing: "processing",
  sent: "processing",
  signed: "success",
  declined: "error",
  expired: "warning",
  cancelled: "default",
};
