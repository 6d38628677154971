// The submission writer thread (docs/decisions/022-submission-writer-thread.md): started by the
// production server with the embedded SQLite database, it writes the public forms' submissions
// and delivers the mail queue with a connection of its own, while the request thread goes on with
// HTTP. Built into build/server/submission-writer-thread.js (vite.config.ts).
import { parentPort, workerData } from "node:worker_threads";
import { getEnv } from "~/services/env.server";
import { configureLogger, logger } from "~/services/logger.server";
import { openDatabase } from "~/services/db.server";
import { createMailTransport, startMailWorker } from "~/services/mail.server";
import { checkpointOnCommit, leaveCheckpointsToWorker } from "~/services/sqlite-checkpoints.server";
import { serveSubmissionWrites, writeSubmission } from "~/services/submission-writer.server";

if (!parentPort) throw new Error("The submission writer runs as a worker thread of the server");

configureLogger();
const { dataDir } = workerData as { dataDir: string };
const handle = openDatabase({ dataDir });
// The server's checkpoint worker does the checkpoints (019); should it stop, the server says so and
// this connection checkpoints on commit again. (A checkpoint here would hold up the next batch.)
const sqlite = handle.sqlite!;
leaveCheckpointsToWorker(sqlite);

const env = getEnv();
const transport = createMailTransport({ smtpUrl: env.SMTP_URL, outboxDir: env.outboxDir });
// Submissions go first: while they keep coming (one written in the last submissionQuietMs), the
// next e-mails wait, a few seconds at most; then they go out in the gaps.
const submissionQuietMs = 50;
let writing = 0;
let lastWritten = -Infinity;
const mail = startMailWorker(handle.db, transport, {
  from: env.MAIL_FROM,
  logger,
  busy: () => writing > 0 || performance.now() - lastWritten < submissionQuietMs,
});

serveSubmissionWrites(
  parentPort,
  async (submission) => {
    writing++;
    try {
      const outcome = await writeSubmission(handle.db, submission);
      if (outcome.stored) mail.kick();
      return outcome;
    } finally {
      writing--;
      lastWritten = performance.now();
    }
  },
  { checkpointOnCommit: () => checkpointOnCommit(sqlite) },
  async () => {
    await mail.stop();
    transport.close();
    await handle.db.destroy();
  },
);
