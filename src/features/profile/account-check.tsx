import { useAccountCheck } from './use-account-check.ts';

/**
 * The account check as a component that draws nothing: the signed-in frame loads it lazily, so the profile contract
 * and queries are not part of the signed-in first load (the check never held a screen up anyway).
 */
export default function AccountCheck() {
  useAccountCheck();
  return null;
}
