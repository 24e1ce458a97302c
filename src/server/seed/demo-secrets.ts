/**
 * The demo's published credentials, in a file of their own (no imports) so test helpers and
 * benchmarks can read them without loading the server. README lists them.
 */
export const DEMO_PASSWORD = "demo1234";

/**
 * The demo partner's authenticator secret (Base32, 20 bytes): add it to any authenticator app, or
 * compute codes with otplib (`generate({ secret })`), to sign in as `partner`.
 */
export const DEMO_TOTP_SECRET = "LAWMANAGEDEMOPARTNERTWOFACTORKEY";
