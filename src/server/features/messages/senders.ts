import nodemailer from "nodemailer";

import type { Config } from "../../lib/config";

export type Channel = "email" | "sms";
/** A file an e-mail carries (a text message carries none: the SMS sender ignores it). */
export type Attachment = { fileName: string; contentType: string; body: Buffer };
export type Outgoing = {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  attachments?: Attachment[];
};

/** Delivers one message; throws when the provider refused it (the outbox records the error and retries). */
export type Sender = (message: Outgoing) => Promise<void>;
export type Senders = Partial<Record<Channel, Sender>>;

/**
 * The configured deliverers: SMTP through nodemailer, and text messages as a JSON POST to an
 * HTTP gateway (most SMS providers, or a small adapter in front of one, take that). A channel
 * without a deliverer leaves its messages in the Outbox for admins to read and pass on.
 */
export const createSenders = (
  config: Pick<Config, "smtpUrl" | "smtpFrom" | "smsHttpUrl" | "smsHttpToken">,
): Senders => {
  const senders: Senders = {};
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    senders.email = async (m) => {
      await transport.sendMail({
        from: config.smtpFrom ?? "law-manage <no-reply@localhost>",
        to: m.recipient,
        subject: m.subject,
        text: m.body,
        attachments: m.attachments?.map((a) => ({
          filename: a.fileName,
          contentType: a.contentType,
          content: a.body,
        })),
      });
    };
  }
  if (config.smsHttpUrl) {
    const url = config.smsHttpUrl;
    senders.sms = async (m) => {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(config.smsHttpToken ? { authorization: `Bearer ${config.smsHttpToken}` } : {}),
        },
        body: JSON.stringify({ to: m.recipient, body: m.body }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    };
  }
  return senders;
};
