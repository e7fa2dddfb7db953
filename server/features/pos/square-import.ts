import { parseBirthday } from '../../../src/contract/customers.ts';
import type { SquareCustomer, SquareOrder } from '../../providers/pos/square-client.ts';
import type { CustomerInput } from '../customers/customer-upsert.ts';
import type { OrderInput } from '../customers/order-upsert.ts';
import { readEmail } from '../customers/csv-values.ts';
import { normalizePhone } from '../customers/phone.ts';
import { orderWindows, type ImportState } from './import-state.ts';
import type { ImportStep } from './import-step.ts';

const safeEmail = (raw: string | undefined) => {
  try {
    return raw ? (readEmail(raw) ?? null) : null;
  } catch {
    return null;
  }
};

/** Square's customer → ours. `email_unsubscribed: false` counts as email consent given through Square. */
function fromSquareCustomer(customer: SquareCustomer): CustomerInput {
  const unsubscribed = customer.preferences?.email_unsubscribed;
  return {
    pos_provider: 'square',
    pos_customer_id: customer.id,
    given_name: customer.given_name?.trim() || null,
    family_name: customer.family_name?.trim() || null,
    email: safeEmail(customer.email_address),
    phone: customer.phone_number ? normalizePhone(customer.phone_number) : null,
    birthday: customer.birthday ? parseBirthday(customer.birthday) : null,
    customer_since: customer.created_at ? new Date(customer.created_at) : null,
    email_consent: unsubscribed === undefined ? undefined : !unsubscribed,
    notes: customer.note?.trim() || null,
  };
}

/** Spend is the net total (integrations.md: our choice); the buyer is on the order or on a tender. */
function fromSquareOrder(order: SquareOrder): OrderInput {
  return {
    pos_order_id: order.id,
    pos_customer_id: order.customer_id ?? order.tenders?.find((tender) => tender.customer_id)?.customer_id ?? null,
    occurred_at: new Date(order.closed_at ?? order.created_at ?? Date.now()),
    total_cents: Number(order.net_amounts?.total_money?.amount ?? order.total_money?.amount ?? 0),
    location_id: order.location_id ?? null,
  };
}

/** One page of the Square import: customers, then locations, then COMPLETED orders per location and window. */
export const squareStep: ImportStep = async (state, io) => {
  const square = io.square();
  if (state.phase === 'customers') {
    const page = await square.listCustomers(await io.token(), state.cursor, io.signal);
    const customers = page.customers ?? [];
    await io.saveCustomers(customers.map(fromSquareCustomer));
    const next: ImportState = { ...state, cursor: page.cursor || null, customersSeen: state.customersSeen + customers.length, customersTotal: page.count ?? state.customersTotal, customerPages: state.customerPages + 1 };
    return next.cursor ? next : { ...next, phase: 'locations', cursor: null };
  }
  if (state.phase === 'locations') {
    const { locations = [] } = await square.listLocations(await io.token(), io.signal);
    const ids = locations.map((location) => location.id);
    return { ...state, locations: ids, locationIndex: 0, windowIndex: 0, cursor: null, phase: ids.length ? 'orders' : 'figures' };
  }
  const windows = orderWindows(state);
  const window = windows[state.windowIndex];
  const locationId = state.locations[state.locationIndex];
  if (!window || !locationId) return { ...state, phase: 'figures' };
  const page = await square.searchOrders(await io.token(), { locationId, startAt: window.start, endAt: window.end, cursor: state.cursor }, io.signal);
  const orders = (page.orders ?? []).filter((order) => !order.state || order.state === 'COMPLETED');
  await io.saveOrders(orders.map(fromSquareOrder));
  const seen = state.ordersSeen + orders.length;
  if (page.cursor) return { ...state, cursor: page.cursor, ordersSeen: seen };
  if (state.windowIndex + 1 < windows.length) return { ...state, cursor: null, windowIndex: state.windowIndex + 1, ordersSeen: seen };
  if (state.locationIndex + 1 < state.locations.length) return { ...state, cursor: null, windowIndex: 0, locationIndex: state.locationIndex + 1, ordersSeen: seen };
  return { ...state, cursor: null, ordersSeen: seen, phase: 'figures' };
};
