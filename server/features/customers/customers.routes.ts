import { Hono, type Context } from 'hono';
import {
  ConsentChangeRequestSchema,
  CreateCustomerRequestSchema,
  CustomerListQuerySchema,
  UpdateCustomerRequestSchema,
} from '../../../src/contract/customers.ts';
import { CsvFormatSchema, CsvMappingSchema, type CsvRowError } from '../../../src/contract/customers-csv.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { parseOr400, validate } from '../../lib/validate.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { upsertCustomers } from './customer-upsert.ts';
import {
  assertContactFree,
  changeConsent,
  deleteCustomer,
  editableColumns,
  getCustomerDetail,
  listCustomers,
  updateCustomer,
} from './customers.service.ts';
import { importCustomersCsv } from './csv-import.ts';
import { notify } from '../push/notify.ts';
import { openCsvUpload } from './csv-upload.ts';
import { normalizePhone } from './phone.ts';
import { checkEntitlement } from '../subscriptions/entitlements.ts';
import { requestSegmentMaintenance } from '../segments/segments.jobs.ts';
import { idempotency } from '../../middleware/idempotency.ts';

/** Most rows one CSV import reads; bigger lists are split into several files. */
const MAX_CSV_ROWS = 250_000;

type Env = { Variables: SessionVariables };

/**
 * customer-manual and customer-by-csv answer errors in the spec's shape too (§7):
 * `{ error, code, fields, data: { errors: [{ field?, detail }] } }`, built from the same AppError.
 */
function customerErrorResponse(error: Error, c: Context<Env>) {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  const errors: CsvRowError[] = error.fields
    ? Object.entries(error.fields).map(([field, detail]) => ({ field, detail }))
    : [{ detail: error.message }];
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json({ error: error.message, code: error.code, fields: error.fields, data: { errors } }, error.status);
}

export const customersRoutes = (deps: Deps) =>
  new Hono<Env>()
    .use(requireSession(deps))
    // A phone's retry of a write (same Idempotency-Key) gets the first answer again.
    .use(idempotency(deps))
    .onError(customerErrorResponse)
    .get('/get_customers', validate('query', CustomerListQuerySchema), async (c) => {
      return c.json(await listCustomers(deps.db, c.get('user').id, c.req.valid('query')));
    })
    // {type} is where the customer came from: 'manual' is the only kind typed in by hand.
    .post('/:type/customer-manual', async (c) => {
      if (c.req.param('type') !== 'manual') throw fieldError('type', 'Use /customers/manual/customer-manual');
      const body = parseOr400(CreateCustomerRequestSchema, await c.req.json().catch(() => null));
      const user = c.get('user');
      const columns = editableColumns(body, normalizePhone);
      await assertContactFree(deps.db, user.id, columns);
      const now = deps.now();
      // The plan's contact limit (402 with the upgrade to ask for).
      await checkEntitlement(deps.db, user.id, 'contacts', 1, now);
      const { ids } = await upsertCustomers(
        deps.db,
        [
          {
            given_name: columns.given_name as string | undefined,
            family_name: columns.family_name as string | undefined,
            email: columns.email as string | undefined,
            phone: columns.phone as string | undefined,
            birthday: columns.birthday_month ? { month: columns.birthday_month as number, day: columns.birthday_day as number, year: (columns.birthday_year as number | null) ?? null } : null,
            notes: columns.notes as string | undefined,
            email_consent: body.email_consent || undefined,
            sms_consent: body.sms_consent || undefined,
          },
        ],
        { userId: user.id, source: 'manual', consentSource: body.consent_source, now },
      );
      return c.json({ message: 'Customer added', customer: await getCustomerDetail(deps.db, user.id, ids[0]!) }, 201);
    })
    // {type} names the export: auto (detect), square, clover, toast, mailchimp or generic.
    .post('/:type/customer-by-csv', async (c) => {
      const format = parseOr400(CsvFormatSchema, c.req.param('type'));
      const upload = await openCsvUpload(c.req.raw, deps.env.MAX_BODY_BYTES);
      let mapping;
      if (upload.fields.mapping) {
        let json: unknown;
        try {
          json = JSON.parse(upload.fields.mapping);
        } catch {
          throw fieldError('mapping', 'The column mapping is not valid JSON');
        }
        mapping = parseOr400(CsvMappingSchema, json);
      }
      const result = await importCustomersCsv(deps.db, upload.file, {
        userId: c.get('user').id,
        format,
        mapping,
        now: deps.now(),
        maxRows: MAX_CSV_ROWS,
        beforeCreate: (trx, created) => checkEntitlement(trx, c.get('user').id, 'contacts', created, deps.now()),
      });
      // Many rows changed at once: vacuum and re-analyze soon, so segments over them stay fast.
      if (result.imported + result.updated > 0) await requestSegmentMaintenance(deps.db, deps.now);
      const message = `Imported ${result.imported} new, updated ${result.updated}, skipped ${result.skipped}`;
      // Told on the owner's other devices too (a big file on a slow phone); not awaited by the answer.
      void notify(deps, c.get('user').id, 'importFinished', { title: 'Customer import finished', body: `${message}.`, url: '/customers', tag: 'csv-import' });
      return c.json({ message, data: result });
    })
    .get('/:id', async (c) => c.json({ customer: await getCustomerDetail(deps.db, c.get('user').id, c.req.param('id')) }))
    .patch('/:id', validate('json', UpdateCustomerRequestSchema), async (c) => {
      const user = c.get('user');
      const columns = editableColumns(c.req.valid('json'), normalizePhone);
      await updateCustomer(deps.db, user.id, c.req.param('id'), columns, deps.now());
      return c.json({ message: 'Customer updated', customer: await getCustomerDetail(deps.db, user.id, c.req.param('id')) });
    })
    .delete('/:id', async (c) => {
      await deleteCustomer(deps.db, c.get('user').id, c.req.param('id'), deps.now());
      return c.json({ message: 'Customer deleted' });
    })
    .post('/:id/consent', validate('json', ConsentChangeRequestSchema), async (c) => {
      const user = c.get('user');
      const body = c.req.valid('json');
      await changeConsent(deps.db, user.id, c.req.param('id'), { ...body, source: body.source }, deps.now());
      return c.json({ message: 'Consent updated', customer: await getCustomerDetail(deps.db, user.id, c.req.param('id')) });
    });
