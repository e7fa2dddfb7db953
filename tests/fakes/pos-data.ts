// Deterministic merchant data shared by the fake Square and Clover servers.

export type FakeCustomer = {
  id: string;
  givenName: string;
  familyName: string;
  email: string | null;
  phone: string | null;
  birthday: { month: number; day: number; year: number | null } | null;
  marketing: boolean;
  createdAt: number;
};

export type FakeOrder = {
  id: string;
  customerId: string | null;
  customerOnTenderOnly: boolean;
  locationId: string;
  state: 'COMPLETED' | 'OPEN' | 'CANCELED';
  totalCents: number;
  closedAt: number;
};

const FIRST = ['Maya', 'Tom', 'Ana', 'Ravi', 'Lee', 'Sam', 'Jo', 'Cleo', 'Tia', 'Mel', 'Omar', 'Ines'];
const LAST = ['Okafor', 'Reyes', 'Silva', 'Nair', 'Chen', 'Park', 'Vance', 'Moss', 'Gray', 'Haddad'];
const DAY = 86_400_000;

export function fakeMerchantData(options: { customers: number; ordersPerCustomer: number; locations: number; seed: number; idPrefix?: string }) {
  let seed = options.seed;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const prefix = options.idPrefix ?? 'C';
  const now = Date.now();
  const locations = Array.from({ length: options.locations }, (_, i) => `L${i + 1}FAKE`);
  const customers: FakeCustomer[] = Array.from({ length: options.customers }, (_, i) => ({
    id: `${prefix}${String(i + 1).padStart(6, '0')}`,
    givenName: FIRST[i % FIRST.length]!,
    familyName: LAST[(i * 7) % LAST.length]!,
    email: i % 5 === 4 ? null : `guest${i + 1}@pos.test`,
    // Area code 212 with valid exchanges; every third customer has no phone.
    phone: i % 3 === 2 ? null : `+1212${String(2000000 + i).slice(-7)}`,
    birthday: i % 4 === 0 ? { month: (i % 12) + 1, day: (i % 28) + 1, year: i % 8 === 0 ? 1980 + (i % 20) : null } : null,
    marketing: i % 2 === 0,
    createdAt: now - (400 + (i % 300)) * DAY,
  }));
  const orders: FakeOrder[] = [];
  let n = 0;
  for (const customer of customers) {
    for (let k = 0; k < options.ordersPerCustomer; k += 1) {
      n += 1;
      orders.push({
        id: `O${String(n).padStart(7, '0')}`,
        customerId: customer.id,
        customerOnTenderOnly: n % 7 === 0,
        locationId: locations[n % locations.length]!,
        state: n % 11 === 0 ? 'CANCELED' : n % 13 === 0 ? 'OPEN' : 'COMPLETED',
        totalCents: 300 + Math.floor(random() * 3000),
        closedAt: now - Math.floor(random() * 540 * DAY) - 60_000,
      });
    }
  }
  // Walk-ins without a customer on the order.
  for (let k = 0; k < Math.ceil(customers.length / 5); k += 1) {
    n += 1;
    orders.push({ id: `O${String(n).padStart(7, '0')}`, customerId: null, customerOnTenderOnly: false, locationId: locations[n % locations.length]!, state: 'COMPLETED', totalCents: 450, closedAt: now - Math.floor(random() * 300 * DAY) });
  }
  return { customers, orders, locations };
}

/** What the import should arrive at for each customer: COMPLETED orders only (Clover: the same orders, PAID). */
export function expectedFigures(orders: FakeOrder[]) {
  const byCustomer = new Map<string, { total: number; visits: number; last: number }>();
  for (const order of orders) {
    if (!order.customerId || order.state !== 'COMPLETED') continue;
    const entry = byCustomer.get(order.customerId) ?? { total: 0, visits: 0, last: 0 };
    entry.total += order.totalCents;
    entry.visits += 1;
    entry.last = Math.max(entry.last, order.closedAt);
    byCustomer.set(order.customerId, entry);
  }
  return byCustomer;
}
