/**
 * ajv checks `multipleOf` by dividing binary floats: 19.99 / 0.0001 is 199899.99999999997, so an
 * equity share of 19.99 was refused. With this precision a quotient within 1e-6 of a whole number
 * counts as whole (19.99995 is still refused). Every server-side ajv uses it; the browser's
 * schema checker (shared/schema-check) does not check multipleOf at all.
 */
export const MULTIPLE_OF_PRECISION = 6;
