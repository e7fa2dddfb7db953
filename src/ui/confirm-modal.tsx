import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type ConfirmProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A destructive action asks once, with the cancel button as easy to reach as the confirm. */
export function ConfirmModal({ opened, title, message, confirmLabel, loading, onConfirm, onClose }: ConfirmProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{message}</Text>
        <Group grow>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
