import type { Field, PageSize } from "../features/esign";
import { getLanguage } from "./i18n";

/** GET /api/public/esign/:token: what one signer may see about their request. */
export type PublicView = {
  contractName: string;
  contractNo: string;
  senderName: string;
  firmName: string;
  signerName: string;
  channel: "email" | "sms";
  maskedRecipient: string;
  signerStatus: "waiting" | "sent" | "signed" | "declined" | "locked";
  requestStatus: "sent" | "completed" | "declined" | "cancelled" | "expired";
  verified: boolean;
  pageCount: number;
  pages: PageSize[];
  fields: Field[];
  turn: boolean;
  downloadable: boolean;
  /** After completion: the last day the link still offers the sealed PDF. */
  downloadUntil: string | null;
  expiresAt: string;
  /** The firm's time zone: the page's times are on the firm's clock, labelled with its offset. */
  timeZone: string;
};

export type VerifyResult = {
  sealed: boolean;
  firmName: string | null;
  /** The sealing firm's time zone (null: no firm here sealed it). */
  timeZone: string | null;
  unaltered: boolean;
  signatureValid: boolean;
  signedAt: string | null;
  certificateSubject: string | null;
  contractName: string | null;
  trail: { action: string; at: string; actorName: string }[];
};

/** A refused call: the HTTP status and the server's message, already in the page's language. */
export class PublicError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/** fetch with the envelope unwrapped; the session cookie of a verified signer rides along. */
const call = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      credentials: "same-origin",
      headers: { Accept: "application/json", Lang: getLanguage(), ...init.headers },
    });
  } catch {
    throw new PublicError(0, "", null);
  }
  const body = (await res.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    data?: unknown;
  } | null;
  if (!res.ok || (typeof body?.code === "number" && body.code >= 400))
    throw new PublicError(res.status, body?.msg ?? "", body?.data ?? null);
  return body?.data as T;
};

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

export const signingApi = (token: string) => {
  const base = `/api/public/esign/${encodeURIComponent(token)}`;
  return {
    base,
    view: () => call<PublicView>(base),
    sendCode: () =>
      call<{ maskedRecipient: string; resendAfterSeconds: number }>(`${base}/code`, json({})),
    verify: (code: string) => call<{ verified: true }>(`${base}/verify`, json({ code })),
    sign: (marks: Record<string, { png: string }>) =>
      call<PublicView>(`${base}/sign`, json({ marks })),
    decline: (reason: string) => call<{ declined: true }>(`${base}/decline`, json({ reason })),
    pageUrl: (n: number) => `${base}/pages/${n}`,
    sealedUrl: `${base}/sealed`,
  };
};

export type SigningApi = ReturnType<typeof signingApi>;

export const verifyPdf = (file: Blob) =>
  call<VerifyResult>("/api/public/verify", {
    method: "POST",
    headers: { "Content-Type": "application/pdf" },
    body: file,
  });
