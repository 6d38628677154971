import { passwordProblems, adminCreateOptionsSchema } from "~/schemas/admin-auth";
import { AdminEmailTakenError, createAdminAccount, type AdminUser } from "~/services/auth.server";
import { closeDatabase, migrateToLatest, openDatabase, setDatabase } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";

// `npm run admin:create` (D12, docs/decisions/018): checks the options and the password before
// touching anything, then opens and migrates the server's database and creates the account.
// Messages are Spanish: the shop's staff run it.

export class ProvisioningError extends Error {
  override name = "ProvisioningError";
}

export async function provisionAdmin({
  email,
  name,
  password,
}: {
  email: string | undefined;
  name: string | undefined;
  password: string;
}): Promise<AdminUser> {
  const options = adminCreateOptionsSchema.safeParse({
    email: email ?? "",
    name: name ?? (email ?? "").split("@")[0] ?? "",
  });
  if (!options.success) {
    throw new ProvisioningError(options.error.issues.map((issue) => `- ${issue.message}`).join("\n"));
  }
  const problems = passwordProblems(password);
  if (problems.length > 0) {
    throw new ProvisioningError(
      `La contraseña no cumple la política:\n${problems.map((problem) => `- ${problem}`).join("\n")}`,
    );
  }
  const env = getEnv();
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  setDatabase(handle);
  try {
    await migrateToLatest(handle.db);
    return await createAdminAccount({ ...options.data, password }, handle.db);
  } catch (error) {
    if (error instanceof AdminEmailTakenError) {
      throw new ProvisioningError(`Ya existe un administrador con el email ${options.data.email}.`);
    }
    throw error;
  } finally {
    await closeDatabase();
  }
}
