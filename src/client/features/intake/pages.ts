export { LeadDetailPage } from "./lead-detail-page";
export { LeadFormPage } from "./lead-form-page";
