import type { RequestCtx } from "../../lib/request-ctx";
import { findOptions } from "../dictionaries";

/**
 * The firm's own names of a dictionary's codes (case types, lead sources) in the viewer's
 * language, for the rows and axes of a report; a code the firm has since removed reads as itself.
 */
export const dictionaryNames = async (ctx: RequestCtx, typeCode: string) => {
  const options = await findOptions(ctx, typeCode, false).catch(() => []);
  return new Map(options.map((o) => [o.value, o.label]));
};
