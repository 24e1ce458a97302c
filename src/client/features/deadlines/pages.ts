export { KeyDatesTab } from "./key-dates-tab";
export { CaseDeadlinesPage } from "./case-deadlines-page";
export { ApplyTemplate } from "./apply-template";
