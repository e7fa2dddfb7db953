import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { sessionStore } from '../../lib/session.ts';
import { profileQueries } from './profile-queries.ts';

/**
 * Runs under every signed-in screen without holding it up (it works offline from the stored session):
 * refreshes who the owner is, and sends an account that is not verified yet to the code screen,
 * e.g. someone who signed up, closed the app and came back before typing the code.
 */
export function useAccountCheck() {
  const navigate = useNavigate();
  const me = useQuery(profileQueries.me());
  const unverifiedEmail = me.data && !me.data.user.verified ? me.data.user.email : null;

  // Who this is can change under the app (an account that joined a team): the stored session follows /users/me.
  const role = me.data?.user.role;
  const restaurantName = me.data?.user.restaurantName;
  useEffect(() => {
    const session = sessionStore.get();
    if (!me.data || !session) return;
    if (session.role !== role || session.restaurantName !== restaurantName) sessionStore.update({ role, restaurantName });
  }, [me.data, role, restaurantName]);

  useEffect(() => {
    if (!unverifiedEmail) return;
    sessionStore.setPendingEmail(unverifiedEmail);
    void navigate({ to: '/verify-account', replace: true });
  }, [unverifiedEmail, navigate]);
}
