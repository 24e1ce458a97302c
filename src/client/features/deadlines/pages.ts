export { KeyDatesTab } from "./key-dates-tab";
export { AgendaPage } from "./agenda-page";
export { CaseDeadlinesPage } from "./case-deadlines-page";
export { ApplyTemplate } from "./apply-template";
