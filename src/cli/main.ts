import { parseArgs } from 'node:util';
import { adminActionBodies, type AdminActionBody, type AdminActionName } from '@/contracts/admin';
import { describeZodError } from '@/server/api/zod-errors';
import { ConfigError, getConfig } from '@/server/config';
import { closeDatabase } from '@/server/db/client';
import { ensureSchema } from '@/server/db/migrate';
import { rotateAdminKey } from '@/server/domain/auth/api-keys';
import { AppError } from '@/server/errors';
import { OPERATOR } from '@/server/domain/auth/identity';
import { adjustTenantCredits, createTenant, listTenants, rekeyTenant } from '@/server/domain/tenants/tenants';
import { getRuntime } from '@/server/runtime';
import { resetTwoFactor } from '@/server/domain/auth/two-factor-reset';
import { createOperator, listOperators } from '@/server/domain/operators/operators';
import { runAudited } from './audited';

const USAGE = `Usage: npm run studio -- <command> [options]

Commands (they act on the database directly and print JSON):
  tenant create --name <name> [--credits <n>] [--quota <n>] [--admin-email <email> --admin-password <pw>]
  tenant list
  tenant credit --id <tenant_id> --credits=<signed n> [--note <text>]   (e.g. --credits=-500)
  tenant rekey --id <tenant_id>
  admin-key rotate        replace the generated super-administrator key and print the new one
  operator create --email <email>   an operator account; its password is read from STUDIO_OPERATOR_PASSWORD,
                          else from standard input (one line), else generated and printed once
  operator list
  operator reset-2fa --email <email> --reason <text>   turn off a console user's two-step verification
                          (lost device; audited, ends their sessions, mails them)

With the embedded database, stop the running server first (one process per data folder).`;

function wholeNumber(value: string | undefined, flag: string, fallback?: number): number {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new AppError('BAD_REQUEST', `${flag} is required`);
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new AppError('BAD_REQUEST', `${flag} must be a whole number`);
  return n;
}

/** Checks the options against the same contract as the operator API, so both refuse the same input. */
function body<A extends AdminActionName>(action: A, value: unknown): AdminActionBody<A> {
  const parsed = adminActionBodies[action].safeParse(value);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  return parsed.data as AdminActionBody<A>;
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new AppError('BAD_REQUEST', `${flag} is required`);
  return value;
}

/**
 * The password of `operator create`: STUDIO_OPERATOR_PASSWORD, else the first line of standard input when
 * it is piped, else none (one is generated and printed once). Never a flag: it would stay in the shell history.
 */
async function operatorPassword(): Promise<string | undefined> {
  // eslint-disable-next-line no-restricted-syntax -- a one-off secret of this command, not a setting of Studio
  const fromEnv = process.env.STUDIO_OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0]?.trim();
  return line ? line : undefined;
}

async function run(argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      credits: { type: 'string' },
      quota: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      id: { type: 'string' },
      note: { type: 'string' },
      email: { type: 'string' },
      reason: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.join(' ');
  if (values.help || !command) {
    console.log(USAGE);
    return undefined;
  }
  const config = getConfig();
  const rt = await getRuntime();
  await ensureSchema(rt.database, config.databaseSessionUrl, { migrate: config.migrate });
  const { db } = rt;
  switch (command) {
    case 'tenant create':
      return {
        ok: true,
        ...(await createTenant(
          rt,
          OPERATOR,
          body('tenant-create', {
            name: required(values.name, '--name'),
            credits: wholeNumber(values.credits, '--credits', 0),
            quota_monthly: wholeNumber(values.quota, '--quota', 0),
            admin_email: values['admin-email'],
            admin_password: values['admin-password'],
          }),
        )),
      };
    case 'tenant list':
      return { ok: true, ...(await listTenants(rt, OPERATOR)) };
    case 'tenant credit':
      return {
        ok: true,
        ...(await adjustTenantCredits(
          rt,
          OPERATOR,
          body('tenant-credit', {
            tenant_id: required(values.id, '--id'),
            credits: wholeNumber(values.credits, '--credits'),
            note: values.note,
          }),
        )),
      };
    case 'tenant rekey':
      return {
        ok: true,
        ...(await rekeyTenant(rt, OPERATOR, body('tenant-rekey', { tenant_id: required(values.id, '--id') }))),
      };
    case 'admin-key rotate':
      if (config.adminKey)
        throw new AppError('BAD_REQUEST', 'STUDIO_ADMIN_KEY is set: change it in the environment instead');
      return { ok: true, admin_key: await rotateAdminKey(db) };
    case 'operator create': {
      const input = body('operator-create', {
        email: required(values.email, '--email'),
        password: await operatorPassword(),
      });
      return {
        ok: true,
        ...(await runAudited(rt, 'operator-create', input, (tx) => createOperator({ db: tx }, OPERATOR, input))),
      };
    }
    case 'operator list':
      return { ok: true, ...(await listOperators(rt, OPERATOR)) };
    case 'operator reset-2fa': {
      const input = body('user-two-factor-reset', {
        email: required(values.email, '--email'),
        reason: required(values.reason, '--reason'),
      });
      return {
        ok: true,
        ...(await runAudited(rt, 'user-two-factor-reset', input, (tx) =>
          resetTwoFactor({ db: tx, config }, OPERATOR, input),
        )),
      };
    }
    default:
      throw new AppError('BAD_REQUEST', `Unknown command "${command}"\n\n${USAGE}`);
  }
}

run(process.argv.slice(2))
  .then(async (out) => {
    if (out !== undefined) console.log(JSON.stringify(out, null, 2));
    await closeDatabase();
  })
  .catch(async (err: unknown) => {
    const message =
      err instanceof AppError || err instanceof ConfigError
        ? err.message
        : String(err instanceof Error ? err.message : err);
    console.error(JSON.stringify({ ok: false, error: message }));
    await closeDatabase().catch(() => {});
    process.exit(1);
  });
