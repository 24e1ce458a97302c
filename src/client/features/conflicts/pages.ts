export { ConflictCheckPage } from "./conflict-check-page";
