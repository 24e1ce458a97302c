/**
 * Where a record of one feature opens, for the links other features and shared screens make to it
 * (each feature's routes.tsx declares the routes themselves).
 */

/** The product keeps the seed's spelling ("instution") for the organization detail route. */
export const accountDetailPath = (record: { id?: unknown; accountType?: unknown }) =>
  `/contacts/${record.accountType === "individual" ? "natural" : "instution"}-detail/${String(record.id)}`;
/** Where a case's key dates and tasks open (home, calendar, tasks link here). */
export const caseKeyDatesPath = (caseId: string) => `/cases/${caseId}/key-dates`;
/** Where an intake lead opens. */
export const leadPath = (leadId: string) => `/intake/${leadId}`;
/** Where a task opens: My tasks with its detail drawer (home and calendar link here). */
export const taskPath = (taskId: string) => `/tasks?task=${taskId}`;
