import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { MarkAnsweredOutcome } from "~/models/answered-admin.server";
import { adminRecordMessages, answeredChangeSchema } from "~/schemas/admin-records";
import { requireAdmin } from "~/services/auth.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { requireFormData } from "~/services/request-body.server";

/**
 * The action of "Marcar como respondida/o" and its undo on the quotation and contact-message detail
 * pages (issue 4): the session check, the form, the model, and the Spanish answer (404 for a record
 * that does not exist, 400 for a form that is not ours).
 */
export interface AnsweredActionTexts {
  markedAnswered: string;
  markedPending: string;
  notFound: string;
  successTitle: string;
  failureTitle: string;
}

export async function answeredAction(
  request: Request,
  id: string,
  setAnswered: (db: Db, id: string, answered: boolean) => Promise<MarkAnsweredOutcome>,
  texts: AnsweredActionTexts,
) {
  const admin = await requireAdmin(request);
  const answer = (tone: "success" | "error", message: string, status: number) =>
    data(
      { tone, title: tone === "success" ? texts.successTitle : texts.failureTitle, message },
      { status, headers: admin.headers },
    );
  const submission = parseWithZod(await requireFormData(request), { schema: answeredChangeSchema });
  if (submission.status !== "success") return answer("error", adminRecordMessages.invalid, 400);
  const answered = submission.value.answered === "true";
  const outcome = await setAnswered(getDb(), id, answered);
  if (outcome === "not-found") return answer("error", texts.notFound, 404);
  logger.info({ adminId: admin.user.id, recordId: id, answered, outcome }, "Marked answered");
  return answer("success", answered ? texts.markedAnswered : texts.markedPending, 200);
}
