import { ActionIcon, Alert, Anchor, Avatar, Badge, Button, Card, Group, Menu, Modal, Progress, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconDots, IconMailForward, IconSend, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { InviteRequestSchema, type TeamInvitation, type TeamMember } from '../../contract/team.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';
import type { MediaParts } from './staff-home.tsx';
import { teamQueries, useTeamMutations } from './team-queries.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** More → Team (issue 19): invite staff by email, see who is on the team and what is pending, and who uploaded what. */
export function TeamScreen({ Thumb }: Pick<MediaParts, 'Thumb'>) {
  const { data } = useSuspenseQuery(teamQueries.team());
  const { invite, resend, revoke, remove } = useTeamMutations();
  const form = useContractForm<{ email: string }>({ initialValues: { email: '' }, schema: InviteRequestSchema });
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [viewing, setViewing] = useState<TeamMember | null>(null);
  const full = data.used + data.invitations.filter((i) => !i.expired).length >= data.limit;
  // After a downgrade below the team's size nobody is removed, but the team cannot grow.
  const over = data.used > data.limit;

  const submit = form.onSubmit((values) => {
    invite.mutate(v.parse(InviteRequestSchema, values).email, {
      onSuccess: (sent) => {
        notifySuccess(`Invitation sent to ${sent.email}`);
        form.reset();
      },
      onError: (error) => {
        form.setServerErrors(error);
        notifyError(error);
      },
    });
  });

  return (
    <PageColumn>
      <PageHeader title="Team">Staff who shoot the dishes can upload photos and videos from their own phones. They see the media library and their own profile, nothing else.</PageHeader>

      <Card withBorder radius="md" padding="md">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={600}>Team members</Text>
            <Text size="sm" c="dimmed" data-testid="team-usage">
              {data.used} of {data.limit} on {data.planName}
            </Text>
          </Group>
          <Progress value={Math.min(100, (data.used / Math.max(1, data.limit)) * 100)} color={over ? 'red' : undefined} aria-label="Team members used" />
          {over ? (
            <Alert color="red" variant="light" p="sm" data-testid="team-over-limit">
              <Text size="sm">
                Your team has {data.used} people, more than the {data.limit} your {data.planName} plan allows. Nobody was removed, but new invitations are refused
                and open ones cannot be accepted until you upgrade.{' '}
                <Anchor component={Link} to="/subscriptions">
                  See plans
                </Anchor>
              </Text>
            </Alert>
          ) : full && (
            <Text size="sm" c="dimmed">
              Every seat of your plan is taken or held by an open invitation.{' '}
              <Anchor component={Link} to="/subscriptions">
                See plans
              </Anchor>
            </Text>
          )}
        </Stack>
      </Card>

      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Invite by email
          </Title>
          <TextInput
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="off"
            size="lg"
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="lg" leftSection={<IconSend size={18} />} loading={invite.isPending} disabled={form.getValues().email.trim() === '' || over}>
            Send invitation
          </Button>
          <Text size="xs" c="dimmed">
            The link works once and for 7 days.
          </Text>
        </Stack>
      </form>

      {data.invitations.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Pending invitations
          </Title>
          {data.invitations.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              onResend={() =>
                resend.mutate(invitation.id, { onSuccess: () => notifySuccess(`Invitation sent again to ${invitation.email}`), onError: (error) => notifyError(error) })
              }
              onRevoke={() => revoke.mutate(invitation.id, { onSuccess: () => notifySuccess('Invitation revoked'), onError: (error) => notifyError(error) })}
            />
          ))}
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} fz="lg">
          Members
        </Title>
        {data.members.map((member) => (
          <Card key={member.id} withBorder radius="md" padding="sm" data-testid="team-member">
            <Group wrap="nowrap" gap="sm">
              <Avatar src={member.image} name={member.name} radius="xl" />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} truncate>
                    {member.name}
                  </Text>
                  {member.role === 'owner' && (
                    <Badge size="sm" variant="light">
                      Owner
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {member.email}
                </Text>
                <UnstyledButton onClick={() => setViewing(member)} aria-label={`See what ${member.name} uploaded`} mih={44} display="flex" style={{ alignItems: 'center' }}>
                  <Text size="sm" c="paprika.7" fw={600}>
                    {member.uploads === 1 ? '1 upload' : `${member.uploads} uploads`}
                  </Text>
                </UnstyledButton>
              </Stack>
              {member.role === 'staff' && (
                <ActionIcon variant="subtle" color="red" size={44} aria-label={`Remove ${member.name}`} onClick={() => setRemoving(member)}>
                  <IconUserMinus size={20} />
                </ActionIcon>
              )}
            </Group>
          </Card>
        ))}
      </Stack>

      <ConfirmModal
        opened={removing !== null}
        title="Remove from the team?"
        message={`${removing?.name ?? ''} will be signed out at once and can no longer upload. What they uploaded stays in your library.`}
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => notifySuccess(`${removing.name} was removed from the team`),
            onError: (error) => notifyError(error),
            onSettled: () => setRemoving(null),
          })
        }
      />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `Uploaded by ${viewing.name}` : ''} size="lg">
        {viewing && <UploadsBy userId={viewing.id} Thumb={Thumb} />}
      </Modal>
    </PageColumn>
  );
}

function InvitationRow({ invitation, onResend, onRevoke }: { invitation: TeamInvitation; onResend: () => void; onRevoke: () => void }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="team-invitation">
      <Group wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {invitation.email}
          </Text>
          <Text size="sm" c="dimmed">
            {invitation.expired ? (
              <Badge size="sm" color="gray" variant="light">
                Expired
              </Badge>
            ) : (
              `Sent ${day(invitation.sentAt)} · expires ${day(invitation.expiresAt)}`
            )}
          </Text>
        </Stack>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" size={44} aria-label={`Actions for ${invitation.email}`}>
              <IconDots size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconMailForward size={16} />} onClick={onResend}>
              Resend
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onRevoke}>
              Revoke
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}

/** The owner's filter by uploader: one person's uploads, newest first. */
function UploadsBy({ userId, Thumb: MediaThumb }: { userId: string } & Pick<MediaParts, 'Thumb'>) {
  const { data, isPending } = useQuery(teamQueries.uploadsBy(userId));
  if (isPending) return <Text c="dimmed">Loading…</Text>;
  if (!data || data.items.length === 0) return <Text c="dimmed">Nothing uploaded yet.</Text>;
  return (
    <SimpleGrid cols={3} spacing={6}>
      {data.items.map((item) => (
        <Stack key={item.id} gap={2}>
          <MediaThumb item={item} />
          <Text size="xs" lineClamp={2}>
            {item.description}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
