export { AccountDetail } from "./account-detail";
export { AccountFormPage, AccountImportPage } from "./account-form-page";
