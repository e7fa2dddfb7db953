import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { SigninResponseSchema } from '../../contract/auth.ts';
import { MediaPageSchema } from '../../contract/media.ts';
import { InvitationPreviewSchema, TeamInvitationSchema, TeamResponseSchema, type AcceptInvitationRequest } from '../../contract/team.ts';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../../lib/session.ts';

const Message = v.object({ message: v.string() });

const teamKeys = { team: ['team'] as const, uploadsBy: (id: string) => ['media', 'recent', 'by', id] as const };

export const teamQueries = {
  team: () => queryOptions({ queryKey: teamKeys.team, queryFn: ({ signal }) => api('/team', TeamResponseSchema, { signal }) }),
  /** What one person uploaded, newest first (the owner's filter by uploader). */
  uploadsBy: (userId: string) =>
    queryOptions({
      queryKey: teamKeys.uploadsBy(userId),
      queryFn: ({ signal }) => api(`/media/recent?pageSize=60&uploadedBy=${encodeURIComponent(userId)}`, MediaPageSchema, { signal }),
    }),
  preview: (token: string) =>
    queryOptions({
      queryKey: ['team', 'invitation', token],
      retry: false,
      queryFn: ({ signal }) => api('/team/invitations/check', InvitationPreviewSchema, { json: { token }, signal }),
    }),
};

// Writes carry an Idempotency-Key, so a retried tap is applied once.
const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });

export function useTeamMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.team });
  return {
    invite: useMutation({
      mutationFn: (email: string) => api('/team/invitations', TeamInvitationSchema, { json: { email }, headers: once() }),
      onSettled: refresh,
    }),
    resend: useMutation({
      mutationFn: (id: string) => api(`/team/invitations/${id}/resend`, TeamInvitationSchema, { method: 'POST', headers: once() }),
      onSettled: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => api(`/team/invitations/${id}`, Message, { method: 'DELETE', headers: once() }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`/team/members/${id}`, Message, { method: 'DELETE', headers: once() }),
      onSettled: refresh,
    }),
  };
}

/** The invitee joins: a new staff session, exactly as a sign-in leaves it. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) => api('/team/invitations/accept', SigninResponseSchema, { json: body }),
    onSuccess: (response) => sessionStore.set({ ...response }),
  });
}

/** Or with Google / Apple where configured: the provider's verified email must be the invitation's. */
export function useAcceptInvitationWithProvider() {
  return useMutation({
    mutationFn: (body: { provider: 'google'; token: string; idToken: string } | { provider: 'apple'; token: string; authToken: string; name?: string }) => {
      const { provider, ...json } = body;
      return api(`/team/invitations/accept-${provider}`, SigninResponseSchema, { json });
    },
    onSuccess: (response) => sessionStore.set({ ...response }),
  });
}
