/** The tag colour of each contract status (the list and the detail header share it). */
export const STATUS_TAG: Record<string, string> = {
  approved: "blue",
  signing: "gold",
  signed: "cyan",
  archived: "green",
  voided: "default",
};
