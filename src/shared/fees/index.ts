/**
 * Fees, instalments and fee sharing as pure computation: no I/O, no clock, money as numeric(14,2)
 * strings computed in BigInt cents. The server's fees feature stores and schedules; the client
 * shows the same figures and refuses the same input with the same `errors.fees.*` keys.
 */
export * from "./cents";
export * from "./errors";
export { addDays, daysBetween, nextPeriod, periodOf, subtractYears } from "./fee-dates";
export * from "./arrangements";
export * from "./schedule";
export * from "./instalment-status";
export * from "./allocation";
export * from "./rules";
export * from "./split";
export * from "./adjustments";
export * from "./ageing";
export * from "./invoice-tax";
