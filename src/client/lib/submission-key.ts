import { useRef } from "react";

import { withIdempotencyKey } from "./api";

/**
 * A fresh Idempotency-Key (a v4 uuid): `crypto.randomUUID` exists only on https and localhost,
 * getRandomValues everywhere.
 */
export const newIdempotencyKey = () => {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The Idempotency-Key header for a business submission (case filing, contract, seal request…):
 * the same body posted again (a double click, a retry after a lost answer) carries the same key,
 * so the server files it once and answers the first result; a changed form gets a fresh key.
 */
export const useSubmissionKey = () => {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return withIdempotencyKey(last.current.key);
  };
};
