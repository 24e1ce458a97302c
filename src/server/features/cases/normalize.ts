import { comparableName } from "../../../shared/compare-text";

/** A party's name as search and the duplicate-party rule compare it (src/shared/compare-text.ts). */
export const normalizeName = comparableName;

export { normalizeId } from "../../../shared/compare-text";
