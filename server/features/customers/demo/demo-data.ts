import type { CustomerInput } from '../customer-upsert.ts';

/**
 * A café's last 18 months, generated (never real people): about 2,000 customers and 30,000 visits. Regulars come
 * weekly, some of them lapsed a month or two ago; most people came once or twice. Emails use example.com and
 * phones the fictional 555-01xx range, so no demo message can reach anyone.
 */
const FIRST = ['Maya', 'Tom', 'Ana', 'Ravi', 'Lee', 'Sam', 'Jo', 'Cleo', 'Tia', 'Mel', 'Omar', 'Ines', 'Kai', 'Lena', 'Noah', 'Zoe', 'Eli', 'Nia', 'Luca', 'Iris', 'Hugo', 'Amara', 'Finn', 'Rosa', 'Theo', 'Priya', 'Jonah', 'Leila', 'Marco', 'Yuki', 'Sofia', 'Ben', 'Aisha', 'Diego', 'Hana', 'Owen', 'Chloe', 'Malik', 'Greta', 'Pablo'];
const LAST = ['Okafor', 'Reyes', 'Silva', 'Nair', 'Chen', 'Park', 'Vance', 'Moss', 'Gray', 'Haddad', 'Costa', 'Berg', 'Ito', 'Novak', 'Kim', 'Lopez', 'Murphy', 'Ahmed', 'Rossi', 'Dubois', 'Schmidt', 'Tanaka', 'Kowalski', 'Jensen', 'Patel', 'Nguyen', 'Brennan', 'Alvarez', 'Larsen', 'Mensah'];
const AREA_CODES = ['212', '347', '415', '312', '617', '206', '503', '720', '512', '305', '404', '215', '646', '718', '213', '323', '773', '202', '612', '971', '917', '929', '332', '628'];
const DAY = 86_400_000;

export type DemoCustomer = CustomerInput & { visits: Date[]; ticketCents: number };

function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    // mulberry32: small, fast and good enough for made-up data
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A visit time during opening hours (7:00-18:00 New York, i.e. 11:00-22:00 UTC), busier in the morning. */
function atOpeningHours(day: number, random: () => number): Date {
  const hour = 11 + Math.floor((random() ** 1.6) * 11);
  return new Date(day + hour * 3_600_000 + Math.floor(random() * 3_600_000));
}

export function generateDemoCafe(now: Date, count = 2000, seed = 20240501): DemoCustomer[] {
  const random = rng(seed);
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const start = today - 548 * DAY; // 18 months
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const customers: DemoCustomer[] = [];
  for (let i = 0; i < count; i += 1) {
    const given = pick(FIRST);
    const family = pick(LAST);
    const roll = random();
    // Visit rhythm: 10% regulars (about weekly), 20% frequent, 30% occasional, 40% once or twice.
    const [gapDays, maxVisits] = roll < 0.1 ? [6, 90] : roll < 0.3 ? [14, 40] : roll < 0.6 ? [40, 14] : [120, 2 + Math.floor(random() * 2)];
    const firstVisit = start + Math.floor(random() * (roll < 0.6 ? 300 : 540)) * DAY;
    // One regular in five stopped coming a month or three ago: the "we miss you" segment.
    const lapsedAt = roll < 0.3 && random() < 0.2 ? today - (30 + Math.floor(random() * 60)) * DAY : today;
    const visits: Date[] = [];
    for (let day = firstVisit; day < lapsedAt && visits.length < maxVisits; day += Math.max(1, Math.round(gapDays * (0.4 + random() * 1.2))) * DAY) {
      visits.push(atOpeningHours(day, random));
    }
    const hasEmail = random() < 0.88;
    const hasPhone = random() < 0.72;
    const email = hasEmail ? `${given}.${family}${i}@example.com`.toLowerCase() : null;
    const phone = hasPhone ? `+1${AREA_CODES[i % AREA_CODES.length]}55501${String(Math.floor(i / AREA_CODES.length) % 100).padStart(2, '0')}` : null;
    const since = new Date(firstVisit - Math.floor(random() * 5) * DAY);
    const consentAt = new Date(since.getTime() + DAY);
    const birthday = random() < 0.6 ? { month: 1 + Math.floor(random() * 12), day: 1 + Math.floor(random() * 28), year: random() < 0.4 ? 1960 + Math.floor(random() * 45) : null } : null;
    customers.push({
      given_name: given,
      family_name: family,
      email,
      phone,
      birthday,
      customer_since: since,
      email_consent: email ? random() < 0.6 : undefined,
      email_consent_at: consentAt,
      sms_consent: phone ? random() < 0.35 : undefined,
      sms_consent_at: consentAt,
      notes: roll < 0.1 && random() < 0.3 ? pick(['Oat milk flat white', 'Always takes a croissant', 'Works from the window seat', 'Gluten free', 'Double espresso, no sugar']) : null,
      visits,
      ticketCents: 450 + Math.floor(random() * 1300),
    });
  }
  return customers;
}

/** The amount of one visit: the customer's usual ticket, a bit more at weekends, never below a plain coffee. */
export function visitTotalCents(customer: DemoCustomer, visit: Date, random: () => number): number {
  const weekend = visit.getUTCDay() === 0 || visit.getUTCDay() === 6 ? 1.2 : 1;
  return Math.max(325, Math.round((customer.ticketCents * weekend * (0.6 + random() * 0.8)) / 5) * 5);
}

export { rng };
