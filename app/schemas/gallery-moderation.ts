import "~/schemas/zod-setup";
import { z } from "zod";
import { adminGalleryTexts } from "~/content/admin";
import { adminRecordMessages } from "~/schemas/admin-records";
import { optional, visibleText } from "~/schemas/text";

/**
 * The moderation forms of the admin gallery (docs/product.md#spec-2, #spec-4; docs/product.md#d16): approve
 * or reject a pending photo, withdraw an approved one. The reason is optional (docs/product.md#spec-5
 * "Gallery rejection reason: not required"), multi-line, and at most what migration 0009's column holds.
 */

export const rejectionReasonMaxLength = 1000;

export const galleryModerationIntents = ["approve", "reject", "withdraw"] as const;
export type GalleryModerationIntent = (typeof galleryModerationIntents)[number];

export const galleryModerationSchema = z.object({
  intent: z.enum(galleryModerationIntents, { error: adminRecordMessages.invalid }),
  id: z.string({ error: adminRecordMessages.invalid }).trim().min(1, adminRecordMessages.invalid).max(36),
  reason: optional(
    visibleText({
      message: adminRecordMessages.invalid,
      multiline: true,
      max: {
        length: rejectionReasonMaxLength,
        message: adminGalleryTexts.reasonTooLong(rejectionReasonMaxLength),
      },
    }),
  ),
});
