export { ConflictCheckPage } from "./conflict-check-page";
export { CaseCheckDialog } from "./case-check-dialog";
export { adverseKeywords, caseKeywords } from "./keywords";
