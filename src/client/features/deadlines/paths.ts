/** Where a case's key dates and tasks open (home, calendar, tasks link here). */
export const caseKeyDatesPath = (caseId: string) => `/cases/${caseId}/key-dates`;
