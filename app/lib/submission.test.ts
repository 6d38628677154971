import { describe, expect, it } from "vitest";
import { contact, footer } from "~/content/site";
import { submissionMessages } from "~/content/forms";
import { failureLine } from "~/lib/submission";

describe("failureLine", () => {
  it("adds the server's reason after the form's own failure sentence", () => {
    expect(failureLine(contact.form.errorMessage, submissionMessages.captchaInvalid)).toBe(
      `${contact.form.errorMessage} ${submissionMessages.captchaInvalid}`,
    );
  });

  it("says a storage failure once: its reason is the form's own sentence", () => {
    expect(failureLine(contact.form.errorMessage, contact.form.errorMessage)).toBe(contact.form.errorMessage);
    expect(failureLine(footer.newsletter.errorMessage, footer.newsletter.errorMessage)).toBe(
      footer.newsletter.errorMessage,
    );
  });

  it("is the sentence alone without a reason", () => {
    expect(failureLine(footer.newsletter.errorMessage, undefined)).toBe(footer.newsletter.errorMessage);
    expect(failureLine(footer.newsletter.errorMessage, "")).toBe(footer.newsletter.errorMessage);
  });
});
