// The submission writer thread (docs/decisions/022-submission-writer-thread.md): started by the
// production server with the embedded SQLite database, it writes the public forms' submissions
// and delivers the mail queue with a connection of its own, while the request thread goes on with
// HTTP. Built into build/server/submission-writer-thread.js (vite.config.ts).
import { parentPort, workerData } from "node:worker_threads";
import { getEnv } from "~/services/env.server";
import { configureLogger, logger } from "~/services/logger.server";
import { openDatabase } from "~/services/db.server";
import { createMailTransport, startMailWorker } from "~/services/mail.server";
import { walSafetyCheckpointPages, walSizeLimitBytes } from "~/services/sqlite-checkpoints.server";
import { serveSubmissionWrites, writeSubmission } from "~/services/submission-writer.server";

if (!parentPort) throw new Error("The submission writer runs as a worker thread of the server");

configureLogger();
const { dataDir } = workerData as { dataDir: string };
const handle = openDatabase({ dataDir });
// The checkpoint worker keeps the -wal file short; only if it stops (or cannot keep up) does this
// connection checkpoint, past a size the worker never lets the file reach.
handle.sqlite!.pragma(`journal_size_limit = ${walSizeLimitBytes}`);
handle.sqlite!.pragma(`wal_autocheckpoint = ${walSafetyCheckpointPages}`);

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
      if (!outcome.replay) mail.kick();
      return outcome;
    } finally {
      writing--;
      lastWritten = performance.now();
    }
  },
  async () => {
    await mail.stop();
    transport.close();
    await handle.db.destroy();
  },
);
