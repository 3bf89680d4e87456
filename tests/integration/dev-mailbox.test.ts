// /dev/mailbox shows each kept message as a mail client would: the HTML part with its inline images (the QR codes
// the confirmation carries by cid), and the plain-text part beside it.
import { describe, expect, it } from "vitest";
import { keepInDevelopmentMailbox } from "~/mail/development-mailbox.server";
import * as route from "~/routes/dev.mailbox";

describe("the development mailbox", () => {
  it("shows the HTML part with its cid images as data addresses, and the text part", async () => {
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    keepInDevelopmentMailbox({
      to: "ada@example.org",
      from: "Harbor Light <no-reply@gavel.test>",
      subject: `Your registration ${Math.random()}`,
      text: "Show this code at the door.",
      html: '<p>Show this code at the door.</p><img src="cid:qr-1@gavel" alt="Check-in code">',
      attachments: [{ filename: "qr-1.png", content: png, cid: "qr-1@gavel", contentType: "image/png" }],
    });
    const { messages } = route.loader();
    expect(messages[0]).toMatchObject({
      text: "Show this code at the door.",
      html: `<p>Show this code at the door.</p><img src="data:image/png;base64,${png.toString("base64")}" alt="Check-in code">`,
    });
  });
});
