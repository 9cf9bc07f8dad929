/**
 * E-mail through the SMTP server SMTP_URL names (nodemailer, the maintained Node mailer). Only a
 * password-reset link is mailed (core/password-reset/service.ts). The SMTP server is a third party
 * the request waits on, so each stage is bounded: 5 s to connect, 5 s for its greeting, 10 s of
 * silence mid-message, inside the 20 s a Lambda has.
 */
import { config } from "./config.ts";

export type Mail = { to: string; subject: string; text: string };

/** Whether mail is set up (SMTP_URL). */
export const mailConfigured = (): boolean => config.smtp.url !== undefined;

/** Sends one message from SMTP_FROM; rejects with the SMTP server's reason when it is refused. */
export async function sendMail(mail: Mail): Promise<void> {
  const url = config.smtp.url;
  if (!url) throw new Error("SMTP_URL is not set");
  // Loaded on first use: a Lambda that mails carries nodemailer beside its bundle (stacks/bundle.ts).
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(
    { url, connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 },
    { from: config.smtp.from },
  );
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}
