import nodemailer from 'nodemailer';

/** One e-mail as a transport sends it: both a text and an HTML part. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes. SMTP in production; tests may hand in another. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

/** SMTP through nodemailer, from a URL such as `smtps://user:pass@smtp.example.com:465`. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { messageId: info.messageId };
    },
  };
}

const TRANSPORTS = new Map<string, MailTransport>();

/** One pooled transport per SMTP URL for the process. */
export function transportFor(url: string): MailTransport {
  let transport = TRANSPORTS.get(url);
  if (!transport) {
    transport = smtpTransport(url);
    TRANSPORTS.set(url, transport);
  }
  return transport;
}
