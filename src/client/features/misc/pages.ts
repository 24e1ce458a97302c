export { NotAuthorizedPage } from "./not-authorized-page";
export { NotFoundPage } from "./not-found-page";
export { ServerErrorPage } from "./server-error-page";
