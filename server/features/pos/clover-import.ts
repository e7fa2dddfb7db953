import type { CloverCustomer, CloverOrder } from '../../providers/pos/clover-client.ts';
import type { CustomerInput } from '../customers/customer-upsert.ts';
import type { OrderInput } from '../customers/order-upsert.ts';
import { readEmail } from '../customers/csv-values.ts';
import { normalizePhone } from '../customers/phone.ts';
import { orderWindows } from './import-state.ts';
import type { ImportStep } from './import-step.ts';

const CUSTOMER_PAGE = 100;
const ORDER_PAGE = 500;

const safeEmail = (raw: string | undefined) => {
  try {
    return raw ? (readEmail(raw) ?? null) : null;
  } catch {
    return null;
  }
};

/** Clover's customer → ours. `marketingAllowed` is the owner's marketing consent for both channels. */
function fromCloverCustomer(customer: CloverCustomer): CustomerInput {
  const emails = customer.emailAddresses?.elements ?? [];
  const email = (emails.find((entry) => entry.primaryEmail) ?? emails[0])?.emailAddress;
  const phone = customer.phoneNumbers?.elements?.[0]?.phoneNumber;
  const dob = customer.metadata;
  const birthday = dob?.dobMonth && dob.dobDay ? { month: dob.dobMonth, day: dob.dobDay, year: dob.dobYear ?? null } : null;
  return {
    pos_provider: 'clover',
    pos_customer_id: customer.id,
    given_name: customer.firstName?.trim() || null,
    family_name: customer.lastName?.trim() || null,
    email: safeEmail(email),
    phone: phone ? normalizePhone(phone) : null,
    birthday,
    customer_since: customer.customerSince ? new Date(customer.customerSince) : null,
    email_consent: customer.marketingAllowed,
    sms_consent: customer.marketingAllowed,
  };
}

function fromCloverOrder(order: CloverOrder): OrderInput {
  return {
    pos_order_id: order.id,
    pos_customer_id: order.customers?.elements?.[0]?.id ?? null,
    occurred_at: new Date(order.createdTime ?? Date.now()),
    total_cents: Number(order.total ?? 0),
    location_id: null,
  };
}

/** One page of the Clover import: customers by offset, then orders in ≤ 90-day windows, PAID only. */
export const cloverStep: ImportStep = async (state, io) => {
  const clover = io.clover();
  const merchantId = io.merchantId;
  if (state.phase === 'customers') {
    const page = await clover.listCustomers(await io.token(), merchantId, state.offset, CUSTOMER_PAGE, io.signal);
    const customers = page.elements ?? [];
    await io.saveCustomers(customers.map(fromCloverCustomer));
    const next = { ...state, offset: state.offset + customers.length, customersSeen: state.customersSeen + customers.length, customerPages: state.customerPages + 1 };
    return customers.length < CUSTOMER_PAGE ? { ...next, offset: 0, windowIndex: 0, phase: 'orders' } : next;
  }
  const windows = orderWindows(state);
  const window = windows[state.windowIndex];
  if (state.phase !== 'orders' || !window) return { ...state, phase: 'figures' };
  const page = await clover.listOrders(await io.token(), merchantId, { from: window.start, to: window.end, offset: state.offset, limit: ORDER_PAGE }, io.signal);
  const elements = page.elements ?? [];
  const paid = elements.filter((order) => order.paymentState === 'PAID');
  await io.saveOrders(paid.map(fromCloverOrder));
  const seen = state.ordersSeen + paid.length;
  if (elements.length === ORDER_PAGE) return { ...state, offset: state.offset + ORDER_PAGE, ordersSeen: seen };
  if (state.windowIndex + 1 < windows.length) return { ...state, offset: 0, windowIndex: state.windowIndex + 1, ordersSeen: seen };
  return { ...state, offset: 0, ordersSeen: seen, phase: 'figures' };
};
