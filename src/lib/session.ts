import { useSyncExternalStore } from 'react';
import { clearHomeSnapshot } from './painted-from-snapshot.ts';

/**
 * The signed-in session: the bearer token and who it belongs to. Kept in localStorage so a reload
 * or an installed app opened offline still knows who is signed in.
 */
export type Session = {
  token: string;
  userId: string;
  name: string;
  email: string;
  image: string | null;
  phoneNumber: string | null;
  activeSubscription: string | null;
  activeSubscriptionStart: string | null;
  activeSubscriptionEnd: string | null;
  /** Issue 19: 'staff' for a team member (media and their own profile only); absent for the owner. */
  role?: 'owner' | 'staff';
  /** The restaurant a team member joined. */
  restaurantName?: string;
};

const STORAGE_KEY = 'mise.session';
// The email waiting for a code (verify-account, password-reset) survives a reload too.
const PENDING_EMAIL_KEY = 'mise.pendingEmail';
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

let current: Session | null = typeof localStorage === 'undefined' ? null : read();

function emit() {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: () => current,
  set(session: Session | null) {
    // The saved home (painted before the JavaScript on the next visit) belongs to whoever drew it: gone at sign-out
    // and when someone else signs in.
    if (!session || session.userId !== current?.userId) clearHomeSnapshot();
    current = session;
    if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(STORAGE_KEY);
    emit();
  },
  update(patch: Partial<Session>) {
    if (current) sessionStore.set({ ...current, ...patch });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getPendingEmail: () => localStorage.getItem(PENDING_EMAIL_KEY),
  setPendingEmail(email: string | null) {
    if (email) localStorage.setItem(PENDING_EMAIL_KEY, email);
    else localStorage.removeItem(PENDING_EMAIL_KEY);
  },
};

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) {
      current = read();
      emit();
    }
  });
}

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);

/** A team member (issue 19) rather than the restaurant's owner. */
export const isStaffSession = (session: Session | null) => session?.role === 'staff';

/** The signed-in team member's session, or null for the owner. */
export const staffSession = () => (isStaffSession(current) ? current : null);

/** The first word of the name (spec §3). */
export const displayNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';
