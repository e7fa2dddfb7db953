import { Badge, Box, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFolder, IconPhoto, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { MediaItem } from '../../contract/media.ts';
import { formatDuration, shortName } from './media-format.ts';
import classes from './media.module.css';

/** The square picture of an item: thumbnail, video poster with its length, or a folder. */
export function MediaThumb({ item, size }: { item: MediaItem; size?: number }) {
  const style = size ? { width: size, height: size } : undefined;
  if (item.isFolder) {
    return (
      <Box className={classes.thumb} style={style} data-kind="folder">
        <IconFolder size={size ? size / 2 : 44} stroke={1.4} />
      </Box>
    );
  }
  return (
    <Box className={classes.thumb} style={style}>
      {item.thumbnailUrl ? (
        <Image src={item.thumbnailUrl} alt={item.description || item.name} className={classes.thumbImage} loading="lazy" />
      ) : (
        <IconPhoto size={32} stroke={1.4} />
      )}
      {item.type === 'video' && size !== undefined && size < 80 && <IconPlayerPlayFilled size={16} className={classes.smallPlay} />}
      {item.type === 'video' && (!size || size >= 80) && (
        <Badge className={classes.duration} size="sm" color="dark" leftSection={<IconPlayerPlayFilled size={10} />} data-testid="video-duration">
          {formatDuration(item.duration)}
        </Badge>
      )}
    </Box>
  );
}

type TileProps = { item: MediaItem; onOpen: (item: MediaItem) => void; actions?: ReactNode };

export function MediaTile({ item, onOpen, actions }: TileProps) {
  return (
    <Stack gap={4} className={classes.tile} data-testid="media-tile" data-name={item.name}>
      <UnstyledButton onClick={() => onOpen(item)} aria-label={item.isFolder ? `Open folder ${item.name}` : `View ${item.name}`} className={classes.tileButton}>
        <MediaThumb item={item} />
      </UnstyledButton>
      <Box className={classes.tileFooter}>
        <Text size="sm" fw={500} lineClamp={2} title={item.name} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', wordBreak: 'normal', hyphens: 'auto' }}>
          {shortName(item.name)}
        </Text>
        {actions}
      </Box>
      {item.isFolder && (
        <Text size="xs" c="dimmed">
          {item.childCount === 1 ? '1 item' : `${item.childCount ?? 0} items`}
        </Text>
      )}
    </Stack>
  );
}
