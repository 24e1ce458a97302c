export type {
  DeadlinePreview as Preview,
  DeadlineRule,
  DeadlineType,
  KeyDate,
} from "../../../shared/contracts/deadlines";
